import { describe, expect, it } from 'vitest';
import { guardReclick } from './prevent-reclick';

describe('guardReclick (spec §9: prevent re-click 300 ms)', () => {
  it('drops a second call within 300 ms of the first and while the first runs', async () => {
    let clock = 0;
    let calls = 0;
    let release: () => void = () => undefined;
    const run = guardReclick(() => {
      calls += 1;
      return new Promise<void>((r) => (release = r));
    }, 300, () => clock);
    const first = run();
    clock = 100;
    await run();
    expect(calls).toBe(1);
    clock = 400;
    await run(); // still in flight
    expect(calls).toBe(1);
    release();
    await first;
    clock = 500;
    void run();
    expect(calls).toBe(2);
  });

  it('drops a call 299 ms after a quick action and takes one at 300 ms', async () => {
    let clock = 0;
    let calls = 0;
    const run = guardReclick(() => void (calls += 1), 300, () => clock);
    await run();
    clock = 299;
    await run();
    expect(calls).toBe(1);
    clock = 300;
    await run();
    expect(calls).toBe(2);
  });
});
