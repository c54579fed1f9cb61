/**
 * Simulated robots: the `health` report every 5 s (issue 19) — CPU, memory, disk, temperatures,
 * uptime, link latency, node services with versions, software version, chassis (speed, odometry,
 * motor current and temperature per wheel, encoder / hall / stall faults, bumper, emergency stop),
 * charging (state, state of charge, voltage, current, temperature, pile, failures with alarm codes)
 * and sensors. Values drift slowly; now and then a fault appears and clears. Static robots
 * (robotType 4) have no chassis and no charging.
 */
import type { RobotHealth } from '../../common/events/maintenance-health';
import { RobotType } from '../../common/robot';
import type { SimExtension, SimRobotView } from './extension';

const PERIOD_S = 5;
const SERVICES = ['navigation', 'video', 'interaction', 'mqtt-bridge', 'sensor-hub', 'upgrade-agent'];
/** Spec §8 alarm codes of charging failures. */
const CHARGE_FAILURE_CODES = [309, 310];

interface State {
  wait: number;
  bootAt: number;
  cpu: number;
  memory: number;
  disk: number;
  cpuTemp: number;
  boardTemp: number;
  latency: number;
  odometry: number;
  motorTemp: number;
  tasksDone: number;
  cycles: number;
  wasCharging: boolean;
  /** Ticks left of a transient fault (0: none) and which. */
  fault: { left: number; kind: 'service' | 'stall' | 'encoder' | 'hall' | 'cpu' | 'latency' | 'sensor' | 'charge' } | null;
  failures: { t: number; code: number; pile: string | null }[];
  sensorDrift: Record<string, number>;
  wasPatrolling: boolean;
}

const states = new Map<string, State>();

/** A seeded-ish number per robot so robots differ. */
function seed(robotId: string): number {
  let h = 0;
  for (const c of robotId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return (h % 1000) / 1000;
}

const drift = (v: number, step: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v + (Math.random() - 0.5) * 2 * step));
const r1 = (v: number) => Math.round(v * 10) / 10;

function stateOf(robotId: string): State {
  let s = states.get(robotId);
  if (!s) {
    const k = seed(robotId);
    s = {
      wait: k * PERIOD_S,
      bootAt: Date.now() - (3600 + k * 86400 * 5) * 1000,
      cpu: 20 + k * 30,
      memory: 35 + k * 25,
      disk: 40 + k * 30,
      cpuTemp: 45 + k * 10,
      boardTemp: 38 + k * 6,
      latency: 20 + k * 40,
      odometry: Math.round(10_000 + k * 90_000),
      motorTemp: 35 + k * 8,
      tasksDone: Math.round(50 + k * 400),
      cycles: Math.round(30 + k * 200),
      wasCharging: false,
      fault: null,
      failures: [],
      sensorDrift: {},
      wasPatrolling: false,
    };
    states.set(robotId, s);
  }
  return s;
}

/** The sensors a robot carries, with thresholds. */
function sensors(robot: SimRobotView, s: State): RobotHealth['sensors'] {
  const list: { id: string; name: string; unit: string; base: number; step: number; min: number; max: number }[] = [
    { id: 'imuTemp', name: 'IMU temperature', unit: '°C', base: 36, step: 0.3, min: -10, max: 70 },
    { id: 'humidity', name: 'Cabin humidity', unit: '%', base: 45, step: 1, min: 5, max: 85 },
    { id: 'lidarRate', name: 'Lidar scan rate', unit: 'Hz', base: 15, step: 0.1, min: 10, max: 20 },
    { id: 'cameraFps', name: 'Camera frame rate', unit: 'fps', base: 25, step: 0.5, min: 15, max: 30 },
  ];
  if (robot.spec.robotType !== RobotType.staticRobot) list.push({ id: 'ultrasonic', name: 'Ultrasonic range', unit: 'm', base: 2.5, step: 0.3, min: 0.3, max: 5 });
  return list.map((x) => {
    const d = (s.sensorDrift[x.id] = drift(s.sensorDrift[x.id] ?? 0, x.step, -x.step * 8, x.step * 8));
    let value = r1(x.base + d);
    if (s.fault?.kind === 'sensor' && x.id === 'humidity') value = r1(x.max + 4);
    return { id: x.id, name: x.name, unit: x.unit, value, min: x.min, max: x.max, ok: value >= x.min && value <= x.max };
  });
}

/** Builds one report (exported for tests of the figures' ranges). */
export function healthReport(robot: SimRobotView, now = Date.now()): RobotHealth {
  const s = stateOf(robot.spec.robotId);
  const moving = robot.status === 2 || robot.patrolling;
  const charging = robot.status === 3 || robot.status === 22;
  if (!s.fault && Math.random() < 0.01) {
    const kinds = ['service', 'stall', 'encoder', 'hall', 'cpu', 'latency', 'sensor', 'charge'] as const;
    s.fault = { left: 6 + Math.floor(Math.random() * 18), kind: kinds[Math.floor(Math.random() * kinds.length)]! };
  } else if (s.fault && --s.fault.left <= 0) s.fault = null;
  s.cpu = drift(s.cpu + (moving ? 0.4 : -0.4), 3, 5, 80);
  s.memory = drift(s.memory, 0.8, 20, 85);
  s.disk = drift(s.disk + 0.002, 0.02, 20, 92);
  s.cpuTemp = drift(s.cpuTemp + (s.cpu - 40) * 0.01, 0.6, 35, 78);
  s.boardTemp = drift(s.boardTemp, 0.3, 30, 60);
  s.latency = drift(s.latency, 6, 8, 150);
  const isStatic = robot.spec.robotType === RobotType.staticRobot;
  const speed = isStatic ? 0 : moving ? r1(0.5 + Math.random() * 0.4) : 0;
  s.odometry += speed * PERIOD_S;
  s.motorTemp = drift(s.motorTemp + (moving ? 0.15 : -0.15), 0.3, 28, 72);
  if (s.wasPatrolling && !robot.patrolling) s.tasksDone++;
  s.wasPatrolling = robot.patrolling;
  if (charging && !s.wasCharging) s.cycles++;
  s.wasCharging = charging;
  const pile = charging ? `PILE-${(Math.floor(seed(robot.spec.robotId) * 4) + 1).toString().padStart(2, '0')}` : null;
  if (s.fault?.kind === 'charge' && s.fault.left === 1 && !isStatic) {
    s.failures = [{ t: now, code: CHARGE_FAILURE_CODES[Math.floor(Math.random() * 2)]!, pile: pile ?? 'PILE-01' }, ...s.failures].slice(0, 10);
  }
  const fault = s.fault?.kind;
  const wheel = (name: string, i: number) => ({
    wheel: name,
    currentA: r1(moving ? 2.2 + Math.random() * 0.8 + (fault === 'stall' && i === 0 ? 6 : 0) : 0.1 + Math.random() * 0.1),
    temperatureC: r1(s.motorTemp + i * 0.7),
    encoderFault: fault === 'encoder' && i === 1,
    hallFault: fault === 'hall' && i === 0,
    stall: fault === 'stall' && i === 0,
  });
  const version = '3.4.2';
  return {
    t: now,
    cpu: r1(fault === 'cpu' ? 96 : s.cpu),
    memory: r1(s.memory),
    disk: r1(s.disk),
    temperatures: { cpu: r1(s.cpuTemp), board: r1(s.boardTemp) },
    uptime: Math.round((now - s.bootAt) / 1000),
    latencyMs: Math.round(fault === 'latency' ? 480 : s.latency),
    services: SERVICES.filter((n) => !(isStatic && n === 'navigation')).map((name, i) => ({
      name,
      up: !(fault === 'service' && i === 2),
      version: `${i === 0 ? '2.8' : i === 1 ? '1.9' : '1.4'}.${(i * 3) % 7}`,
    })),
    software: version,
    chassis: isStatic
      ? null
      : {
          speed,
          odometry: Math.round(s.odometry),
          wheels: [wheel('left', 0), wheel('right', 1)],
          bumper: fault === 'stall',
          emergencyStop: robot.emergency === 1,
        },
    charging: isStatic
      ? null
      : {
          state: fault === 'charge' ? 'failed' : charging ? (robot.battery >= 99 ? 'full' : 'charging') : 'idle',
          soc: Math.round(robot.battery),
          voltage: r1(48 + robot.battery * 0.06 + (charging ? 1.2 : 0)),
          current: r1(charging ? 8 + Math.random() : moving ? -3.5 - Math.random() : -0.8),
          temperatureC: r1(28 + (charging ? 6 : 0) + Math.random()),
          pile,
          cycles: s.cycles,
          failures: s.failures,
        },
    sensors: sensors(robot, s),
    working: moving,
    tasksDone: s.tasksDone,
  };
}

export const healthSim: SimExtension = {
  id: 'health',
  tick(robot, io, dt) {
    const s = stateOf(robot.spec.robotId);
    s.wait -= dt;
    if (s.wait > 0) return;
    s.wait += PERIOD_S;
    if (s.wait < 0) s.wait = PERIOD_S;
    io.publish('health', healthReport(robot));
  },
  stop() {
    states.clear();
  },
};
