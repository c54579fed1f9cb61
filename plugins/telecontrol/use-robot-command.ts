/** Sends one robot command: confirms a call hang-up first, shows the robot's answer to the operator. */
import { useCallback, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { callEvent, hangUpCall, isCallActive } from '@runtime';
import { CallState, hangsUpCall, type Control, type ControlState } from '@common/robot-control';
import type { ParamOf } from '@common/events';

/** The events of robot commands (common/events/control): each answers the robot's acceptance. */
export type CommandEvent = 'robotAction' | 'emergencyButton' | 'manualCharging' | 'lifterControl' | 'fireControl' | 'cameraZoom' | 'cameraFocus' | 'bmsCalibration';

/** The last answer the operator saw (also shown inline, so it stays readable). */
export interface CommandAnswer {
  ok: boolean;
  text: string;
  /** What the robot answered besides accepted (lens position, lifter height …). */
  data?: Record<string, unknown>;
}

/** Hook: `run(control, label, event, param)` → the answer, with the busy control and the last answer. */
export function useRobotCommand(state: ControlState, robotId?: string) {
  const { t } = useTranslation('telecontrol');
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const [last, setLast] = useState<CommandAnswer | null>(null);

  const run = useCallback(
    async <N extends CommandEvent>(control: Control, label: string, event: N, param: ParamOf<N>, opts: { quiet?: boolean } = {}): Promise<CommandAnswer | null> => {
      // Spec §4: a remote call is hung up before certain actions, after the operator agrees.
      // The console's own WebRTC call with this robot counts as a running call too (issue 21).
      const ownCall = !!robotId && isCallActive(robotId) && hangsUpCall(control, { interactionState: CallState.onCall });
      if (ownCall || hangsUpCall(control, state)) {
        const ok = await modal.confirm({ title: t('call.hangUpTitle'), content: t('call.hangUpFirst', { action: label }), okText: t('call.continue'), cancelText: t('cancel') });
        if (!ok) return null;
        if (ownCall) await hangUpCall();
      }
      setBusy(`${event}:${label}`);
      try {
        const answer = await callEvent(event, param);
        const text = answer?.hungUp ? t('answer.acceptedHungUp', { action: label }) : t('answer.accepted', { action: label });
        const out = { ok: true, text, data: answer?.data as Record<string, unknown> | undefined };
        setLast(out);
        if (!opts.quiet) void message.success(text);
        return out;
      } catch (err) {
        const text = (err as Error).message;
        const out = { ok: false, text };
        setLast(out);
        void message.error(text);
        return out;
      } finally {
        setBusy(null);
      }
    },
    [state, robotId, t, message, modal],
  );
  return { run, busy, last };
}
