import mqtt from 'mqtt';
import { MqttTopics, type RobotPose, type RobotTelemetry } from '../../common/protocol';
import type { FleetState } from './state';

/** Robot gateway: telemetry in from MQTT into the fleet state; commands out to robots. */
export async function startGateway(url: string, fleet: FleetState): Promise<{ send: (robotId: string, command: unknown) => void; close: () => Promise<void> }> {
  const client = await mqtt.connectAsync(url, { clientId: `fleet-console-${process.pid}-${Math.random().toString(16).slice(2, 8)}`, reconnectPeriod: 2_000 });
  await client.subscribeAsync([MqttTopics.statusWildcard, MqttTopics.gpsWildcard, MqttTopics.replyWildcard]);
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
  });
  return {
    send: (robotId, command) => client.publish(MqttTopics.command(robotId), JSON.stringify(command)),
    close: async () => {
      await client.endAsync(true);
    },
  };
}
