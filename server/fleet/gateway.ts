import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { MqttTopics, type RobotPose, type RobotTelemetry, type RobotVideoReport } from '../../common/protocol';
import type { RobotCommand, RobotReply } from '../../common/robot-actions';
import type { FleetState } from './state';

/** A handler of robot messages: the robot's id (the topic's third level), the parsed JSON, the topic. */
export type RobotMessageHandler = (robotId: string, message: Record<string, unknown>, topic: string) => void;

/** The gateway's face to the rest of the server: the one MQTT link of this replica. */
export interface FleetGateway {
  /** Sends a command and waits for the robot's answer (null when it does not answer in time). */
  request(robotId: string, action: RobotCommand['action'], params?: Record<string, unknown>, timeoutMs?: number): Promise<RobotReply | null>;
  /**
   * Messages that write (alarms, detections, progress): each is handled by exactly one replica of
   * the cluster. Independent messages go to any replica (an MQTT shared subscription
   * `$share/<group>/<filter>`, which QoS 1 redelivers elsewhere when a replica dies); `ordered`
   * streams (a run's progress, where a lap's last point must come before the run's end) are handled
   * by the leader, in the order the robot sent them. Embedded, this process handles all.
   */
  onWork(filter: string, handler: RobotMessageHandler, opts?: { ordered?: boolean }): Promise<void>;
  /** Messages that only feed live screens and caches: every replica hears each one. */
  onLive(filter: string, handler: RobotMessageHandler): Promise<void>;
  /** Whether both links to the broker are up (readiness). */
  connected(): boolean;
  close(): Promise<void>;
}

/** The shared-subscription group of the console's replicas. */
export const SHARE_GROUP = 'fleet-console';

/** Whether a topic matches an MQTT filter (`+` one level, `#` the rest). */
export function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length || (f[i] !== '+' && f[i] !== t[i])) return false;
  }
  return f.length === t.length;
}

/** One MQTT client and the handlers of its filters. */
async function subscriber(url: string, role: string, prefix: string, account: { username: string; password: string }) {
  const handlers: { filter: string; handler: RobotMessageHandler }[] = [];
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `fleet-console-${role}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`,
    reconnectPeriod: 2_000,
    username: account.username,
    password: account.password,
  });
  client.on('message', (topic, payload) => {
    let data: unknown;
    try {
      data = JSON.parse(payload.toString());
    } catch {
      return; // a robot that sends garbage is ignored, not fatal
    }
    const robotId = topic.split('/')[2];
    if (!robotId || !data || typeof data !== 'object' || Array.isArray(data)) return;
    for (const h of handlers) {
      if (!topicMatches(h.filter, topic)) continue;
      try {
        h.handler(robotId, data as Record<string, unknown>, topic);
      } catch (err) {
        console.warn(`robot message on ${topic}: ${(err as Error).message}`);
      }
    }
  });
  return {
    client,
    async on(filter: string, handler: RobotMessageHandler) {
      handlers.push({ filter, handler });
      await client.subscribeAsync(prefix + filter, { qos: 1 });
    },
  };
}

/**
 * Robot gateway: this replica's MQTT link. Telemetry in from MQTT into the fleet state (every
 * replica), commands out to robots and their replies back (every replica hears every reply and
 * keeps the ones it asked for), and the features' intake of messages that write, shared among the
 * replicas when `shared` (an external broker: Mosquitto 2 and EMQX support `$share`).
 */
export async function startGateway(url: string, fleet: FleetState, opts: { shared: boolean; isLeader: () => boolean; account: { username: string; password: string } }): Promise<FleetGateway> {
  const live = await subscriber(url, 'live', '', opts.account);
  const work = await subscriber(url, 'work', opts.shared ? `$share/${SHARE_GROUP}/` : '', opts.account);
  const pending = new Map<string, (reply: RobotReply | null) => void>();
  await live.on(MqttTopics.statusWildcard, (robotId, m) => fleet.applyTelemetry({ ...(m as unknown as RobotTelemetry), robotId }));
  await live.on(MqttTopics.gpsWildcard, (robotId, m) => fleet.applyPose({ ...(m as unknown as RobotPose), robotId }));
  await live.on(MqttTopics.videoWildcard, (robotId, m) => fleet.applyVideo(robotId, m as unknown as RobotVideoReport));
  await live.on(MqttTopics.replyWildcard, (_robotId, m) => pending.get(String((m as unknown as RobotReply).id))?.(m as unknown as RobotReply));
  return {
    request(robotId, action, params, timeoutMs = 5_000) {
      const id = crypto.randomBytes(8).toString('hex');
      return new Promise<RobotReply | null>((resolve) => {
        const timer = setTimeout(() => done(null), timeoutMs);
        const done = (reply: RobotReply | null) => {
          clearTimeout(timer);
          pending.delete(id);
          resolve(reply);
        };
        pending.set(id, done);
        const command: RobotCommand = { id, action, params, t: Date.now() };
        live.client.publish(MqttTopics.command(robotId), JSON.stringify(command), { qos: 1 });
      });
    },
    onWork: (filter, handler, o) =>
      o?.ordered
        ? live.on(filter, (robotId, message, topic) => {
            if (opts.isLeader()) handler(robotId, message, topic);
          })
        : work.on(filter, handler),
    onLive: (filter, handler) => live.on(filter, handler),
    connected: () => live.client.connected && work.client.connected,
    close: async () => {
      for (const done of pending.values()) done(null);
      await Promise.all([live.client.endAsync(true), work.client.endAsync(true)]);
    },
  };
}
