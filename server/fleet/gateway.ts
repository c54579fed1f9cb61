import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { MqttTopics, type RobotPose, type RobotTelemetry, type RobotVideoReport } from '../../common/protocol';
import type { RobotCommand, RobotReply } from '../../common/robot-actions';
import type { FleetState } from './state';
import type { DetectionMessage } from '../../common/detections';

/** The gateway's face to the rest of the server. */
export interface FleetGateway {
  /** Sends a command and waits for the robot's answer (null when it does not answer in time). */
  request(robotId: string, action: RobotCommand['action'], params?: Record<string, unknown>, timeoutMs?: number): Promise<RobotReply | null>;
  close(): Promise<void>;
}

/** Robot gateway: telemetry in from MQTT into the fleet state; commands out to robots, answers back. */
export async function startGateway(url: string, fleet: FleetState, onDetection?: (robotId: string, message: DetectionMessage) => void): Promise<FleetGateway> {
  const client = await mqtt.connectAsync(url, { clientId: `fleet-console-${process.pid}-${crypto.randomBytes(3).toString('hex')}`, reconnectPeriod: 2_000 });
  await client.subscribeAsync([MqttTopics.statusWildcard, MqttTopics.gpsWildcard, MqttTopics.replyWildcard, MqttTopics.detectionWildcard, MqttTopics.videoWildcard]);
  const pending = new Map<string, (reply: RobotReply | null) => void>();
  client.on('message', (topic, payload) => {
    let data: unknown;
    try {
      data = JSON.parse(payload.toString());
    } catch {
      return; // a robot that sends garbage is ignored, not fatal
    }
    const [, , robotId, kind] = topic.split('/');
    if (!robotId || !data || typeof data !== 'object') return;
    if (kind === 'status') fleet.applyTelemetry({ ...(data as RobotTelemetry), robotId });
    else if (kind === 'gps') fleet.applyPose({ ...(data as RobotPose), robotId });
    else if (kind === 'detection') onDetection?.(robotId, data as DetectionMessage);
    else if (kind === 'video') fleet.applyVideo(robotId, data as RobotVideoReport);
    else if (kind === 'reply') {
      const reply = data as RobotReply;
      pending.get(String(reply.id))?.(reply);
    }
  });
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
        client.publish(MqttTopics.command(robotId), JSON.stringify(command), { qos: 1 });
      });
    },
    close: async () => {
      for (const done of pending.values()) done(null);
      await client.endAsync(true);
    },
  };
}
