/**
 * SOS calls from robots (issue 21, spec §9 SOS mode "remote call"): the `callRing` push of any
 * robot of the user's company tree rings wherever the user is in the console, with Accept /
 * Dismiss. Accepting opens telecontrol with that robot selected and the call on; when another
 * console was first, this one shows "Taken by <user>" and stops ringing.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Flex, Space, Typography } from 'antd';
import { AlertOutlined, PhoneOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { acceptCall, isCallActive, navigateTo, realtimeLink, selectRobot, startRingTone, useCall , useCanNow } from '@runtime';
import { FLEET_TOPIC } from '@common/protocol';
import type { CallRing as Ring } from '@common/events/calls';
import { TELECONTROL_TEST_IDS as IDS } from './test-ids';

/** How long "Taken by …" / "ended" stays before the notice leaves. */
const GONE_AFTER_MS = 6000;

/** The overlay (default export: mounted by the /home shell). */
export default function CallRing() {
  const { t } = useTranslation();
  const { data: canCall } = useCanNow({ resource: 'robot', action: 'call' });
  const [rings, setRings] = useState<Ring[]>([]);
  const [dismissed, setDismissed] = useState<Set<string>>(new Set());
  const call = useCall();
  const allowed = !!canCall?.can;

  useEffect(() => {
    if (!allowed) return;
    return realtimeLink.subscribe(FLEET_TOPIC, ({ event, data }) => {
      if (event !== 'callRing') return;
      const r = data as Ring;
      setRings((list) => [r, ...list.filter((x) => x.callId !== r.callId)]);
      if (r.state !== 'ringing') setTimeout(() => setRings((list) => list.filter((x) => !(x.callId === r.callId && x.state !== 'ringing'))), GONE_AFTER_MS);
    });
  }, [allowed]);

  // Calls this console took are on the call panel, not here.
  const shown = rings.filter((r) => !dismissed.has(r.callId) && r.callId !== call.callId);
  const ringing = shown.some((r) => r.state === 'ringing');
  useEffect(() => (ringing ? startRingTone() : undefined), [ringing]);

  if (!allowed || shown.length === 0) return null;
  const accept = (r: Ring) => {
    setDismissed((d) => new Set(d).add(r.callId));
    selectRobot({ robotId: r.robotId });
    navigateTo('/home/telecontrol');
    void acceptCall(r.callId, r.robotId, r.video, r.robotName);
  };
  return (
    <Flex vertical gap={8} style={{ position: 'fixed', top: 72, right: 24, zIndex: 1100, width: 340 }} role="alert" aria-live="assertive">
      {shown.map((r) => (
        <Card key={r.callId} size="small" data-testid={IDS.sosRing} data-state={r.state} data-robot={r.robotId} style={{ borderColor: r.state === 'ringing' ? '#ff4d4f' : undefined, boxShadow: '0 6px 16px rgba(0,0,0,0.15)' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text strong style={{ color: r.state === 'ringing' ? '#cf1322' : undefined }}>
              <AlertOutlined /> {t('call.sosTitle')} · {r.video ? t('call.sosVideo') : t('call.sosAudio')}
            </Typography.Text>
            <Typography.Text>{t('call.sosText', { robot: `${r.robotName} (${r.robotId})` })}</Typography.Text>
            {r.state === 'ringing' ? (
              <Flex gap={8} justify="flex-end">
                <Button onClick={() => setDismissed((d) => new Set(d).add(r.callId))} data-testid={IDS.sosDismiss}>
                  {t('call.dismiss')}
                </Button>
                <Button type="primary" icon={<PhoneOutlined />} onClick={() => accept(r)} disabled={isCallActive()} data-testid={IDS.sosAccept} autoFocus>
                  {t('call.accept')}
                </Button>
              </Flex>
            ) : (
              <Typography.Text type="secondary" data-testid={IDS.sosTaken}>
                {r.state === 'taken' ? t('call.takenBy', { user: r.takenBy ?? '' }) : t('call.sosEnded')}
              </Typography.Text>
            )}
          </Space>
        </Card>
      ))}
    </Flex>
  );
}
