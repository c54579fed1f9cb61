import crypto from 'node:crypto';
import mqtt from 'mqtt';
import { MqttTopics, type RobotNaviProgress } from '../../../common/protocol';

/**
 * Listens to the robots' navigation topic (patrol progress) and hands each well-formed report to
 * `onProgress`, a robot's reports in order; returns the closer.
 */
export async function startNavigationIntake(mqttUrl: string, onProgress: (report: RobotNaviProgress) => Promise<void>): Promise<() => Promise<void>> {
  const client = await mqtt.connectAsync(mqttUrl, { clientId: `fleet-navigation-${process.pid}-${crypto.randomBytes(3).toString('hex')}`, reconnectPeriod: 2_000 });
  await client.subscribeAsync(MqttTopics.navigationWildcard, { qos: 1 });
  // Reports of one robot are handled in order (a lap's last point before the run's end).
  const chains = new Map<string, Promise<void>>();
  client.on('message', (topic, payload) => {
    const robotId = topic.split('/')[2];
    let report: RobotNaviProgress;
    try {
      report = JSON.parse(payload.toString()) as RobotNaviProgress;
    } catch {
      return; // garbage from a robot is ignored
    }
    const ints = [report?.taskId, report?.lap, report?.count, report?.laps, report?.point, report?.points];
    if (!robotId || report.robotId !== robotId || !ints.every((n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000)) return;
    if (!['running', 'finished', 'stopped', 'failed'].includes(report.state)) return;
    const next = (chains.get(robotId) ?? Promise.resolve())
      .then(() => onProgress(report))
      .catch((err: unknown) => console.warn(`navigation intake: ${(err as Error).message}`));
    chains.set(robotId, next);
  });
  return async () => {
    await client.endAsync(true);
  };
}
