import mqtt, { type MqttClient } from 'mqtt';
import { MqttTopics, type RobotPose, type RobotTelemetry } from '../../common/protocol';
import { RobotAction, type RefusalReason, type RobotCommand, type RobotReply } from '../../common/robot-actions';
import { defaultCameraParams } from '../../common/camera';

/** What the simulator needs to know of a robot it plays (as a real robot knows its own configuration). */
export interface SimRobotSpec {
  robotId: string;
  robotType: number;
  mapId: number | null;
  /** Patrol loop in metres in the map frame; static robots stand still at the first point. */
  loop: [number, number][];
  /** Whether a charging pile is configured for the robot (go-charge is refused without one). */
  hasCharger?: boolean;
}

/** Status codes used by the simulator (spec §4). */
const S = { idle: 0, remoteControl: 1, navigation: 2, charging: 3, emergencyStop: 6, findingCharger: 8 } as const;
const BASE_LAT = 31.2304;
const BASE_LON = 121.4737;

interface SimRobot {
  spec: SimRobotSpec;
  client: MqttClient;
  status: number;
  phaseLeft: number;
  battery: number;
  s: number; // distance along the loop, metres
  x: number;
  y: number;
  theta: number;
  /** auto: the simulator's own daily life; manual: holds what an operator commanded. */
  mode: 'auto' | 'manual';
  emergency: 0 | 1;
  /** Per camera (0-4): parameters, push-video flag and definition. */
  cameras: { params: Record<string, string>; push: 0 | 1; definition: number }[];
}

/**
 * Virtual robots: each is an MQTT client publishing status and pose at 1 Hz, exactly as a real
 * robot would. The server never calls it directly.
 */
export class FleetSimulator {
  private readonly robots: SimRobot[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly tickMs = 1_000,
  ) {}

  async start(specs: SimRobotSpec[]): Promise<void> {
    let i = 0;
    for (const spec of specs) {
      const client = await mqtt.connectAsync(this.url, { clientId: `sim-${spec.robotId}`, reconnectPeriod: 2_000 });
      await client.subscribeAsync(MqttTopics.command(spec.robotId));
      client.on('message', (_topic, payload) => this.onCommand(robot, payload.toString()));
      const [x, y] = spec.loop[0] ?? [0, 0];
      const robot: SimRobot = { spec, client, status: S.idle, phaseLeft: 3 + (i % 4) * 2, battery: 60 + ((i * 13) % 40), s: i * 7, x, y, theta: 0, mode: 'auto', emergency: 0, cameras: [0, 1, 2, 3, 4].map(() => ({ params: defaultCameraParams(), push: 1 as const, definition: 2 })) };
      this.robots.push(robot);
      i++;
    }
    this.tick();
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.robots.map((r) => r.client.endAsync(true)));
    this.robots.length = 0;
  }

  private onCommand(robot: SimRobot, text: string): void {
    let cmd: RobotCommand;
    try {
      cmd = JSON.parse(text) as RobotCommand;
    } catch {
      return;
    }
    const camera = typeof cmd.action === 'string' ? this.camera(robot, cmd) : undefined;
    const reason = camera ? null : this.apply(robot, cmd);
    const reply: RobotReply = camera === 'unsupported' ? { id: cmd.id, result: 'refused', reason: 'unsupported' } : reason ? { id: cmd.id, result: 'refused', reason } : { id: cmd.id, result: 'accepted', ...(camera ? { data: camera.data } : {}) };
    robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify(reply));
    this.publish(robot);
  }

  /** Camera commands: push-video flags, parameters and definition, per camera 0-4. */
  private camera(r: SimRobot, cmd: RobotCommand): { data: unknown } | 'unsupported' | undefined {
    if (cmd.action === 'emergencyButton') return undefined;
    const cam = r.cameras[Number(cmd.params?.cameraId ?? 0)];
    if (!cam) return 'unsupported';
    switch (cmd.action) {
      case 'pushVideo':
        cam.push = cmd.params?.isPushVideo ? 1 : 0;
        return { data: { push: cam.push } };
      case 'camParamGet':
        return { data: { ...cam.params } };
      case 'camParamSet':
        Object.assign(cam.params, cmd.params?.values as Record<string, string>);
        return { data: { ...cam.params } };
      case 'videoParam':
        cam.definition = Number(cmd.params?.sharpness ?? 2);
        return { data: { definition: cam.definition } };
      default:
        return undefined;
    }
  }

  /** Applies a command as a robot would, or says why not (spec §4 blocking rules). */
  private apply(r: SimRobot, cmd: RobotCommand): RefusalReason | null {
    const mobile = r.spec.robotType !== 4;
    if (cmd.action === 'emergencyButton') {
      r.emergency = cmd.params?.status === 1 ? 1 : 0;
      r.mode = 'manual';
      r.status = r.emergency ? S.emergencyStop : S.idle;
      return null;
    }
    if (typeof cmd.action !== 'number') return 'unsupported';
    const moving = [RobotAction.goPosition, RobotAction.auto, RobotAction.goCharge, RobotAction.telecontrol, RobotAction.resetPosition];
    if (r.emergency && (moving as number[]).includes(cmd.action)) return 'emergencyStop';
    if (!mobile && (moving as number[]).includes(cmd.action)) return 'unsupported';
    switch (cmd.action) {
      case RobotAction.goCharge:
        if (r.spec.hasCharger === false) return 'noCharger';
        if (r.status === S.charging) return 'charging';
        r.mode = 'manual';
        r.status = S.findingCharger;
        r.phaseLeft = 3;
        return null;
      case RobotAction.goPosition:
      case RobotAction.auto:
        if (r.status === S.charging) return 'charging';
        r.mode = cmd.action === RobotAction.auto ? 'auto' : 'manual';
        r.status = S.navigation;
        r.phaseLeft = 12;
        return null;
      case RobotAction.telecontrol:
        if (r.status === S.navigation) return 'navigation';
        r.mode = 'manual';
        r.status = S.remoteControl;
        return null;
      case RobotAction.stop:
        r.mode = 'manual';
        r.status = S.idle;
        return null;
      case RobotAction.resetPosition:
        r.s = 0;
        return null;
      default:
        return null; // media, broadcast, ptz, alarm, call: accepted, no change of status
    }
  }

  private tick(): void {
    const dt = this.tickMs / 1000;
    for (const r of this.robots) {
      this.step(r, dt);
      this.publish(r);
    }
  }

  /** Publishes the robot's status and pose, as it does every second and after each command. */
  private publish(r: SimRobot): void {
    const telemetry: RobotTelemetry = {
      robotId: r.spec.robotId,
      status: r.status,
      online: 1,
      videoOnline: 1,
      interactOnline: r.spec.robotType === 5 ? 0 : 1,
      battery: Math.round(r.battery),
      emergencyButtonStatus: r.emergency,
      interactionState: 0,
      t: Date.now(),
    };
    const pose: RobotPose = {
      robotId: r.spec.robotId,
      x: Math.round(r.x * 1000),
      y: Math.round(r.y * 1000),
      theta: Number(r.theta.toFixed(3)),
      latitude: Number((BASE_LAT + r.y / 111_000).toFixed(7)),
      longitude: Number((BASE_LON + r.x / (111_000 * Math.cos((BASE_LAT * Math.PI) / 180))).toFixed(7)),
      mapId: r.spec.mapId,
      t: Date.now(),
    };
    r.client.publish(MqttTopics.status(r.spec.robotId), JSON.stringify(telemetry));
    r.client.publish(MqttTopics.gps(r.spec.robotId), JSON.stringify(pose));
  }

  /** A small believable life: patrol, pause, hand control, seek the charger when low, charge. */
  private step(r: SimRobot, dt: number): void {
    const mobile = r.spec.robotType !== 4 && r.spec.loop.length > 1;
    r.phaseLeft -= dt;
    if (r.status === S.navigation || r.status === S.findingCharger) {
      r.battery = Math.max(0, r.battery - 0.15 * dt);
      if (mobile) this.move(r, 0.6 * dt);
    } else if (r.status === S.charging) {
      r.battery = Math.min(100, r.battery + 1.5 * dt);
    } else {
      r.battery = Math.max(0, r.battery - 0.02 * dt);
    }
    if (r.mode === 'manual') {
      // Commanded: find the charger, charge until full, then wait for the next command.
      if (r.status === S.findingCharger && r.phaseLeft <= 0) r.status = S.charging;
      if (r.status === S.charging && r.battery >= 95) r.status = S.idle;
      return;
    }
    if (r.phaseLeft > 0) return;
    if (r.status === S.charging) {
      if (r.battery < 90) return;
      r.status = S.idle;
      r.phaseLeft = 5;
    } else if (r.battery < 25 && mobile) {
      r.status = r.status === S.findingCharger ? S.charging : S.findingCharger;
      r.phaseLeft = 6;
    } else if (r.status === S.idle) {
      r.status = mobile ? S.navigation : S.remoteControl;
      r.phaseLeft = 8 + (r.battery % 9); // robots fall out of step with each other
    } else if (r.status === S.navigation) {
      r.status = S.remoteControl;
      r.phaseLeft = 5;
    } else {
      r.status = S.idle;
      r.phaseLeft = 6;
    }
  }

  private move(r: SimRobot, distance: number): void {
    const loop = r.spec.loop;
    const seg = loop.map((p, i) => {
      const q = loop[(i + 1) % loop.length]!;
      return { p, q, len: Math.hypot(q[0] - p[0], q[1] - p[1]) };
    });
    const total = seg.reduce((a, s) => a + s.len, 0);
    r.s = (r.s + distance) % total;
    let s = r.s;
    for (const { p, q, len } of seg) {
      if (s <= len) {
        const k = len === 0 ? 0 : s / len;
        r.x = p[0] + (q[0] - p[0]) * k;
        r.y = p[1] + (q[1] - p[1]) * k;
        r.theta = Math.atan2(q[1] - p[1], q[0] - p[0]);
        return;
      }
      s -= len;
    }
  }
}
