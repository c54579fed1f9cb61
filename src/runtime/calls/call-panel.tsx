/**
 * The call panel of a robot (telecontrol, track control; issue 21, spec §4): "Voice call" /
 * "Video call"; waiting with a ring tone and the ring time-out; on call with the running
 * duration, mute and hang-up, the robot's video (or audio); the result with the spec §8 texts.
 * While a call is on, switching robot or leaving the page (the menu, a link, the browser's Back
 * button) asks "End the call with X?" first; reloading or closing the tab asks the browser's own
 * "Leave site?" question, and the call is hung up when the page goes.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { AudioMutedOutlined, AudioOutlined, LoadingOutlined, PhoneOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useCanNow } from '../access/use-can-now';
import { useTranslation } from 'react-i18next';
import { useNavigationGuard } from '../app/navigation-guard';
import { useCatalogue } from '../i18n/catalogue';
import { selectRobot, setRobotSelectionGuard } from '../session/robot-selection';
import { clearCallResult, getCall, hangUp, hangUpOnUnload, isCallActive, mmss, setMuted, startCall, useCall, type CallView } from './call-client';

/** Test ids of the call panel. */
export const CALL_TEST_IDS = {
  panel: 'call-panel',
  voice: 'call-voice',
  video: 'call-video-start',
  /** `data-phase` idle | waiting | onCall | ended. */
  state: 'call-state',
  duration: 'call-duration',
  mute: 'call-mute',
  hangUp: 'call-hangup',
  remoteVideo: 'call-video',
  remoteAudio: 'call-audio',
  /** `data-kind` hangUp | busy | reject | noAnswer | error. */
  result: 'call-result',
} as const;
const IDS = CALL_TEST_IDS;

/** Props of the call panel. */
export interface CallPanelProps {
  robotId: string;
  robotName?: string;
  /** The robot's online flag (a hint on the buttons; the server refuses with the same text). */
  online?: boolean;
  /** The robot's interactive subsystem flag. */
  interactOnline?: boolean;
}

/** Seconds since `from`, ticking every second while `on`. */
function useSeconds(from: number | undefined, on: boolean, until?: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return from ? Math.max(0, ((until ?? now) - from) / 1000) : 0;
}

/** Asks "End the call with X?" (antd modal of the page); true when the user agrees (the call is then hung up). */
export function useConfirmEndCall(): () => Promise<boolean> {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return async () => {
    if (!isCallActive()) return true;
    const call = getCall();
    const ok = await modal.confirm({
      title: t('call.endTitle', { robot: call.robotName ?? call.robotId }),
      content: t('call.endText'),
      okText: t('call.endOk'),
      cancelText: t('call.keep'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'call-end-confirm' } as Record<`data-${string}`, string>) },
    });
    if (ok) await hangUp();
    return !!ok;
  };
}

/**
 * While a call is on: a robot switch and every navigation inside the console (menu, links, the
 * browser's Back and Forward) ask first; reloading or closing the tab asks the browser's question
 * (beforeunload) and hangs up when the page goes (pagehide).
 */
function useCallGuards(active: boolean) {
  const confirmEnd = useConfirmEndCall();
  const confirmRef = useRef(confirmEnd);
  confirmRef.current = confirmEnd;
  // Read at navigation time: once the question hung the call up, the navigation goes through.
  useNavigationGuard(isCallActive, () => confirmRef.current());
  useEffect(() => {
    if (!active) return;
    const unselect = setRobotSelectionGuard((next) => {
      if (!isCallActive()) return true;
      void confirmRef.current().then((ok) => ok && selectRobot(next));
      return false;
    });
    const ask = (event: BeforeUnloadEvent) => {
      if (!isCallActive()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const unload = () => hangUpOnUnload();
    window.addEventListener('beforeunload', ask);
    window.addEventListener('pagehide', unload);
    return () => {
      unselect();
      window.removeEventListener('beforeunload', ask);
      window.removeEventListener('pagehide', unload);
    };
  }, [active]);
  // The page went away (after the question): the call ends with it.
  useEffect(() => () => void hangUp(), []);
}

function RemoteMedia({ call }: { call: CallView }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== (call.remote ?? null)) {
      ref.current.srcObject = call.remote ?? null;
      void ref.current.play().catch(() => undefined);
    }
  });
  if (!call.remote) return null;
  return call.video ? (
    // A small floating window beside the control column, so that the camera, PTZ pad and emergency stop stay in view (1366×768).
    <video
      ref={ref}
      autoPlay
      playsInline
      data-testid={IDS.remoteVideo}
      style={{ position: 'fixed', right: 372, bottom: 16, width: 220, height: 124, zIndex: 900, objectFit: 'cover', background: '#000', borderRadius: 6, boxShadow: '0 6px 16px rgba(0,0,0,0.3)' }}
    />
  ) : (
    <audio ref={ref} autoPlay data-testid={IDS.remoteAudio} />
  );
}

/** The call panel of one robot. */
export function CallPanel({ robotId, robotName, online, interactOnline }: CallPanelProps) {
  const { t } = useTranslation();
  const msg = useCatalogue();
  const { data: canCall } = useCanNow({ resource: 'robot', action: 'call' });
  const call = useCall();
  const mine = call.robotId === robotId;
  const phase = mine ? call.phase : 'idle';
  const active = phase === 'waiting' || phase === 'onCall';
  const otherCall = isCallActive() && !mine;
  useCallGuards(active);
  const seconds = useSeconds(call.connectedAt, phase === 'onCall', call.endedAt);

  const hint = canCall && !canCall.can ? t('call.noPermission') : online === false ? msg('robotOffline') : interactOnline === false ? msg('interactOffline') : otherCall ? t('call.otherCall') : undefined;
  const allowed = !!canCall?.can && !otherCall;
  const begin = (video: boolean) => {
    if (!allowed) return;
    void startCall(robotId, video, robotName);
  };

  return (
    <Flex vertical gap={8} data-testid={IDS.panel} data-call-id={mine ? (call.callId ?? '') : ''}>
      <Flex gap={8} wrap align="center">
        {active ? (
          <>
            {phase === 'waiting' ? (
              <Tag icon={<LoadingOutlined />} color="processing" data-testid={IDS.state} data-phase="waiting">
                {call.incoming ? t('call.connecting') : t('call.waiting')}
              </Tag>
            ) : (
              <Tag color="green" data-testid={IDS.state} data-phase="onCall">
                {t('call.onCall')} <span data-testid={IDS.duration}>{mmss(seconds)}</span>
              </Tag>
            )}
            <Tooltip title={call.muted ? t('call.unmute') : t('call.mute')}>
              <Button
                icon={call.muted ? <AudioMutedOutlined /> : <AudioOutlined />}
                onClick={() => setMuted(!call.muted)}
                aria-pressed={call.muted}
                aria-label={call.muted ? t('call.unmute') : t('call.mute')}
                data-testid={IDS.mute}
                data-muted={call.muted ? '1' : '0'}
                disabled={phase !== 'onCall'}
              />
            </Tooltip>
            <Button danger type="primary" icon={<PhoneOutlined rotate={135} />} onClick={() => void hangUp()} data-testid={IDS.hangUp}>
              {t('call.hangUp')}
            </Button>
          </>
        ) : (
          <>
            <Tooltip title={hint}>
              <Button icon={<PhoneOutlined />} onClick={() => begin(false)} disabled={!allowed} data-testid={IDS.voice} data-blocked={hint ? '1' : '0'}>
                {t('call.voice')}
              </Button>
            </Tooltip>
            <Tooltip title={hint}>
              <Button icon={<VideoCameraOutlined />} onClick={() => begin(true)} disabled={!allowed} data-testid={IDS.video} data-blocked={hint ? '1' : '0'}>
                {t('call.video')}
              </Button>
            </Tooltip>
          </>
        )}
      </Flex>
      {mine && active ? <RemoteMedia call={call} /> : null}
      {mine && phase === 'ended' && call.end ? (
        <Alert
          type={call.end.kind === 'hangUp' ? 'info' : 'error'}
          showIcon
          closable
          onClose={clearCallResult}
          data-testid={IDS.result}
          data-kind={call.end.kind}
          message={
            call.end.kind === 'hangUp' ? (
              <span>
                {t('call.ended')} <Typography.Text type="secondary">{mmss(seconds)}</Typography.Text>
              </span>
            ) : (
              call.end.text
            )
          }
        />
      ) : null}
    </Flex>
  );
}
