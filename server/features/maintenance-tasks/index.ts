/**
 * Issue 19: suggestions (who sent one and who handled it are set by the server) and behaviour
 * alarms (actAlarm: an enabled rule turns a behaviour recognition into an alarm of kind
 * 'behaviour', codes 601-604, processed on the alarm management page like any other alarm).
 * The pages and their events are the schema entities suggestion and act-alarm.
 */
import type { DetectionMessage } from '../../../common/detections';
import { MqttTopics } from '../../../common/protocol';
import behaviours from '../../../schemas/enums/behaviour.json';
import { defineEntityHooks } from '../../entities/hooks';
import type { Services } from '../../services';
import { defineFeature } from '../feature';

/** Behaviour → alarm code (601 … in the order of schemas/enums/behaviour.json). */
defineEntityHooks('act-alarm', {
  async beforeCreate(_ctx, _tx, values) {
    // A rule left without these is enabled, for every robot of its company.
    values.enabled ??= true;
    values.robotIds ??= [];
  },
});

/** The part of the alarm service (server/features/alarms) a behaviour alarm goes through. */
type AlarmRaiser = { raise(robotId: string, report: { code: number; level: number; message: string }): Promise<unknown> };

export const BEHAVIOUR_CODES: ReadonlyMap<string, number> = new Map(behaviours.values.map((v, i) => [v.value, 601 + i]));

defineEntityHooks('suggestion', {
  async beforeCreate(ctx, _tx, values) {
    // Author from the session, never from the caller; a new suggestion starts as "new" without a reply.
    values.userId = ctx.session.userId;
    values.username = ctx.session.username;
    values.status = 0;
    values.reply = null;
    values.handler = null;
  },
  async beforeUpdate(ctx, _tx, values) {
    values.handler = ctx.session.username;
  },
});

/**
 * A behaviour recognition a robot reported: the alarm its company's enabled rules raise for it
 * (the highest level of the matching rules), through the alarm service. Returns the alarm row or null.
 */
export async function raiseBehaviourAlarm(svc: Services, robotId: string, m: DetectionMessage): Promise<unknown> {
  if (m.kind !== 'action') return null;
  const action = typeof m.data?.action === 'string' ? m.data.action : '';
  const code = BEHAVIOUR_CODES.get(action);
  const robot = svc.fleet.get(robotId);
  const alarms = svc.alarms as unknown as AlarmRaiser | undefined;
  if (code === undefined || !robot || !alarms) return null;
  const rules = await svc.db.query<{ level: number }>(
    `SELECT level FROM behaviour_alarm_rules
      WHERE action = $1 AND enabled = true AND "companyId" = $2
        AND (jsonb_array_length(COALESCE("robotIds", '[]'::jsonb)) = 0 OR "robotIds" ? $3)
      ORDER BY level DESC LIMIT 1`,
    [action, robot.companyId, robotId],
  );
  if (!rules[0]) return null;
  return alarms.raise(robotId, { code, level: Number(rules[0].level), message: action });
}

export default defineFeature({
  id: 'maintenance-tasks',
  connect: async ({ svc, gateway }) => {
    await gateway.onWork(
      MqttTopics.detectionWildcard,
      (robotId, message) => {
        raiseBehaviourAlarm(svc, robotId, message as unknown as DetectionMessage).catch((err: unknown) =>
          console.warn(`behaviour alarm: ${(err as Error).message}`),
        );
      },
      { ordered: true },
    );
  },
});
