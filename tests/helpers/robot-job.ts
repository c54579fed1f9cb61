/**
 * Shared test helper: wait until a robot's software job (upgrade, service pack, log upload) reaches a
 * state, polling getSoftwareJob as a super admin. Used by the nodeLog, nodeVersion/phone and
 * maintenance-software API tests.
 */
import type { TestServer } from './test-server';

export type RobotJob = {
  jobId: string;
  kind?: string;
  stage: string;
  state: string;
  progress: number;
  message?: string;
  target?: string;
  version?: string;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the robot's current job until `done(job)` is true; throws with the last job seen otherwise. */
export async function waitRobotJob(
  s: TestServer,
  token: string,
  robotId: string,
  done: (job: RobotJob) => boolean,
  { tries = 200, everyMs = 150 }: { tries?: number; everyMs?: number } = {},
): Promise<RobotJob> {
  let last: RobotJob | null = null;
  for (let i = 0; i < tries; i++) {
    const job = (await s.call('getSoftwareJob', { robotId }, token)).param?.job as RobotJob | null;
    last = job;
    if (job && done(job)) return job;
    await sleep(everyMs);
  }
  throw new Error(`robot ${robotId}: job did not reach the state (last: ${JSON.stringify(last)})`);
}
