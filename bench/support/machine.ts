/**
 * How fast this machine is right now, printed beside the browser benches' figures: the machines
 * here are shared, and the same code has measured 2–3× slower on a busy day (README, benchmarks).
 * A fixed single-threaded workload (seeded sort and JSON round trip, no allocation surprises),
 * timed five times; compare its median between runs before comparing their figures.
 */
import os from 'node:os';

function workload(): number {
  let seed = 42;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const numbers = Array.from({ length: 200_000 }, next);
  numbers.sort((a, b) => a - b);
  const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `robot-${i}`, battery: numbers[i * 10]!, online: i % 3 === 0 }));
  return JSON.parse(JSON.stringify(rows)).length + numbers[0]!;
}

/** Median milliseconds of the reference workload and the load average, as one line. */
export function machineLine(): string {
  workload(); // warm the JIT
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    workload();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `machine: reference workload ${times[2]!.toFixed(0)} ms (median of 5; lower is faster), load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;
}
