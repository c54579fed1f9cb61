/**
 * Environment readings a robot with environment-detection modules reports in its telemetry
 * (spec §3 modules temperature, humidity, smoke, pm, methane, hydrogenFluoride): each drifts slowly
 * around the robot's own usual value (a mean-reverting random walk), within physical bounds.
 */
import type { RobotTelemetry } from '../../common/protocol';
import type { Rand } from './episodes';

/** The readings (°C, %RH, ppm, µg/m³, ppm, ppm). */
export type EnvReadings = NonNullable<RobotTelemetry['env']>;

type Key = keyof EnvReadings;

/** Per reading: usual value, how far robots differ, step per second, bounds and decimals. */
const CHANNELS: Record<Key, { base: number; spread: number; step: number; min: number; max: number; digits: number }> = {
  temperature: { base: 22, spread: 6, step: 0.05, min: -30, max: 70, digits: 1 },
  humidity: { base: 50, spread: 15, step: 0.2, min: 5, max: 100, digits: 1 },
  smoke: { base: 12, spread: 8, step: 0.4, min: 0, max: 1000, digits: 1 },
  pm25: { base: 35, spread: 20, step: 0.6, min: 0, max: 999, digits: 1 },
  methane: { base: 2, spread: 1.5, step: 0.03, min: 0, max: 100, digits: 2 },
  hydrogenFluoride: { base: 0.05, spread: 0.04, step: 0.004, min: 0, max: 10, digits: 3 },
};

/** Cold storage robots (spec §3 type 7) measure a cold room. */
const COLD_STORE = 7;

/** A robot's drifting environment: its usual values and where the readings are now. */
export interface EnvDrift {
  usual: EnvReadings;
  now: EnvReadings;
}

const keys = Object.keys(CHANNELS) as Key[];
const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** The starting environment of a robot (its usual values differ from its neighbours'). */
export function initialEnv(robotType: number, rand: Rand): EnvDrift {
  const usual = {} as EnvReadings;
  for (const k of keys) {
    const c = CHANNELS[k];
    usual[k] = Math.min(c.max, Math.max(c.min, c.base + (rand() * 2 - 1) * c.spread));
  }
  if (robotType === COLD_STORE) {
    usual.temperature = -18 + (rand() * 2 - 1) * 3;
    usual.humidity = 85 + rand() * 8;
  }
  return { usual, now: { ...usual } };
}

/** `dt` seconds later: each reading takes a small random step and is pulled back towards the usual value. */
export function driftEnv(e: EnvDrift, dt: number, rand: Rand): EnvDrift {
  const now = {} as EnvReadings;
  for (const k of keys) {
    const c = CHANNELS[k];
    const pull = (e.usual[k] - e.now[k]) * Math.min(1, 0.02 * dt);
    now[k] = Math.min(c.max, Math.max(c.min, e.now[k] + pull + (rand() * 2 - 1) * c.step * Math.sqrt(dt)));
  }
  return { usual: e.usual, now };
}

/** The readings as reported (rounded as a sensor reports them). */
export function envReport(e: EnvDrift): EnvReadings {
  const out = {} as EnvReadings;
  for (const k of keys) out[k] = round(e.now[k], CHANNELS[k].digits);
  return out;
}
