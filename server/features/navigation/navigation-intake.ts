import { MqttTopics, type RobotNaviProgress } from '../../../common/protocol';
import type { FleetGateway } from '../../fleet/gateway';

/**
 * Takes the robots' navigation topic (patrol progress; the leader, in order) and hands each
 * well-formed report to `onProgress`, a robot's reports in order.
 */
export async function startNavigationIntake(gateway: FleetGateway, onProgress: (report: RobotNaviProgress) => Promise<void>): Promise<void> {
  // Reports of one robot are handled in order (a lap's last point before the run's end).
  const chains = new Map<string, Promise<void>>();
  await gateway.onWork(MqttTopics.navigationWildcard, (robotId, message) => {
    const report = message as unknown as RobotNaviProgress;
    const ints = [report.taskId, report.lap, report.count, report.laps, report.point, report.points];
    if (report.robotId !== robotId || !ints.every((n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000)) return;
    if (!['running', 'finished', 'stopped', 'failed'].includes(report.state)) return;
    const next = (chains.get(robotId) ?? Promise.resolve())
      .then(() => onProgress(report))
      .catch((err: unknown) => console.warn(`navigation intake: ${(err as Error).message}`));
    chains.set(robotId, next);
  }, { ordered: true });
}
