import crypto from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { MqttTopics, type RobotAlarmReport, type RobotNaviProgress, type RobotPose, type RobotTelemetry, type RobotVideoReport } from '../../common/protocol';
import { RobotAction, type RefusalReason, type RobotCommand, type RobotReply } from '../../common/robot-actions';
import { defaultCameraParams, liveStreamOf } from '../../common/camera';
import { CameraAction, FireOperation } from '../../common/robot-control';
import { recordingCommand, recordingLeft } from './recordings';
import { TrackStatus, TrackTopics } from '../../common/track';
import { TrackRail } from './track-sim';
import type { DetectionMessage, DetectionPose } from '../../common/detections';
import { detectionData, KINDS_BY_ROBOT_TYPE } from './detection-data';
import { renderDetectionPicture } from './detection-picture';
import { VideoPushes } from './video-push';
import { advanceEpisode, currentStep, episodeCodes, EpisodeStatus, episodeKindsFor, episodeSteps, initialisingSteps, pickEpisode, startEpisode, type Episode, type EpisodeStep } from './episodes';
import { clearCollision, collide, collisionConfig, collisionHolds, initialCollision, reconfigureCollision, tickCollision, type CollisionEffects, type CollisionState } from './collision';
import { driftEnv, envReport, initialEnv, type EnvDrift } from './environment';
import { mqttTopicOf, MQTT_TOPICS } from '../../common/events/mqtt';
import type { SimIO, SimRobotView } from './extension';
import type { SimRobotSpec } from './robot-spec';
import { SIM_EXTENSIONS } from './extensions';

export type { SimRobotSpec } from './robot-spec';

/** Status codes used by the simulator (spec §4). */
const S = { idle: 0, remoteControl: 1, navigation: 2, charging: 3, emergencyStop: 6, findingCharger: 8, fireFighting: 21, manualCharging: 22 } as const;
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
  /** Per camera (0-4): parameters, push-video flag, definition, lens and presets. */
  cameras: SimCamera[];
  /** Call state (spec §3): idle 0, waiting 1, on call 2. */
  call: number;
  lifterMm: number;
  nozzle: { pitch: number; yaw: number };
  /** Track-mounted robots (type 5): the rail, its head and lift, and the inspection run. */
  rail?: TrackRail;
  /** Recent poses (oldest first): a detection spans from the first to now. */
  trail: DetectionPose[];
  /** Ticks until the next detection, and how many it has made. */
  detectIn: number;
  detections: number;
  /** A patrol task being driven: its route, laps asked and done, distance into the current pass. */
  patrol?: SimPatrol;
  /** Issue 4: an occasional episode under way (a status, a subsystem drop, a minute offline). */
  episode: Episode | null;
  collision: CollisionState;
  env: EnvDrift | null;
}

/** A patrol task: odd laps drive the route first → last point, even laps back (a corridor patrol). */
interface SimPatrol {
  taskId: number;
  route: [number, number][];
  count: number;
  laps: number;
  /** Metres driven on the current segment (from route point `point` on). */
  d: number;
  /** Route points reached in the current lap (the start point counts once the lap begins). */
  point: number;
}

/** Patrol speed of a simulated robot on a task, m/s. */
const PATROL_SPEED = 1.2;

interface SimCamera {
  params: Record<string, string>;
  push: 0 | 1;
  definition: number;
  zoom: number;
  focus: number;
  pan: number;
  tilt: number;
  presets: Map<number, { pan: number; tilt: number; zoom: number }>;
}

const newCamera = (): SimCamera => ({ params: defaultCameraParams(), push: 1, definition: 2, zoom: 1, focus: 50, pan: 0, tilt: 0, presets: new Map() });

/**
 * Virtual robots: each is an MQTT client publishing status and pose at 1 Hz, exactly as a real
 * robot would. The server never calls it directly.
 */
export class FleetSimulator {
  private readonly robots: SimRobot[] = [];
  private timer: NodeJS.Timeout | null = null;
  private ticks = 0;
  /** The cameras' live pushes to the replicas that asked for them. */
  private readonly videoPushes = new VideoPushes();
  /** Tells this run's detection ids from a previous run's (a restarted robot counts from 0 again). */
  private readonly bootId = crypto.randomBytes(3).toString('hex');

  constructor(
    private readonly url: string,
    private readonly tickMs = 1_000,
    /** A robot reports a detection every this many ticks (0: never). */
    private readonly detectionEveryTicks = 15,
    /** Issue 7: mean time between random alarms of one robot (0: alarms only when asked, as tests want). */
    private readonly alarmEveryMs = 0,
    /** The server's HTTP address, where a synced map's files are downloaded from ('' : maps are refused). */
    private readonly httpBase = '',
    /** Issue 4: mean time between episodes of one robot (0: none, and no initialising at start, as tests want). */
    private readonly episodeEveryMs = 0,
  ) {}

  /** Connects each robot with its own MQTT account (issue 18): `credentialsOf` hands it over, as an administrator would. */
  async start(specs: SimRobotSpec[], credentialsOf: (robotId: string) => Promise<{ username: string; password: string }>): Promise<void> {
    let i = 0;
    for (const spec of specs) {
      const account = await credentialsOf(spec.robotId);
      const client = await mqtt.connectAsync(this.url, { clientId: `sim-${spec.robotId}`, reconnectPeriod: 2_000, username: account.username, password: account.password });
      await client.subscribeAsync(MqttTopics.command(spec.robotId));
      client.on('message', (_topic, payload) => this.onCommand(robot, payload.toString()));
      const [x, y] = spec.loop[0] ?? [0, 0];
      const robot: SimRobot = { spec, client, status: S.idle, phaseLeft: 3 + (i % 4) * 2, battery: 60 + ((i * 13) % 40), s: i * 7, x, y, theta: 0, mode: 'auto', emergency: 0, cameras: [0, 1, 2, 3, 4].map(newCamera), call: 0, lifterMm: 0, nozzle: { pitch: 0, yaw: 0 }, trail: [], detectIn: 2 + i, detections: i, episode: null, collision: initialCollision(collisionConfig(spec.settings)), env: spec.environment ? initialEnv(spec.robotType, Math.random) : null };
      if (this.episodeEveryMs > 0) robot.episode = startEpisode('initialising', initialisingSteps(Math.random));
      if (spec.robotType === 5) robot.rail = new TrackRail(spec.robotId);
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
    this.videoPushes.close();
    for (const ext of SIM_EXTENSIONS) ext.stop?.();
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
    if (robot.episode && currentStep(robot.episode)?.offline) return; // offline: it hears nothing
    if (this.extensionCommand(robot, cmd)) return;
    if (cmd.action === 'setParams') {
      if (cmd.params?.schema === 'robot-setting') robot.collision = reconfigureCollision(robot.collision, collisionConfig(cmd.params.params as Record<string, unknown>));
      robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify({ id: cmd.id, result: 'accepted' } satisfies RobotReply));
      return;
    }
    const recording = recordingCommand(robot.spec.robotId, cmd);
    if (recording) {
      const reply: RobotReply = { id: cmd.id, result: 'accepted', data: recording.data };
      robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify(reply));
      return;
    }
    if (robot.rail && typeof cmd.action === 'string' && cmd.action.startsWith('track')) return this.onTrackCommand(robot, robot.rail, cmd);
    if (cmd.action === 'mapDown') {
      void this.downloadMap(robot, cmd).then((out) => {
        const reply: RobotReply = typeof out === 'string' ? { id: cmd.id, result: 'refused', reason: out } : { id: cmd.id, result: 'accepted', data: out.data };
        robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify(reply));
        this.publish(robot);
      });
      return;
    }
    if (cmd.action === 'videoPush' || cmd.action === 'videoPushStop') {
      // Live video goes to the replica that asked, over WebSocket; an operator's viewing is no take-over.
      const url = String(cmd.params?.url ?? '');
      // A replay (`from`): the recording from that moment until its clip ends; none there answers errorCode 1.
      const from = cmd.action === 'videoPush' && typeof cmd.params?.from === 'string' ? cmd.params.from : undefined;
      const left = from === undefined ? undefined : recordingLeft(robot.spec.robotId, Number(cmd.params?.cameraId), from);
      if (left === null) {
        robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify({ id: cmd.id, result: 'accepted', data: { errorCode: 1 } } satisfies RobotReply));
        return;
      }
      // The sub stream (`stream: "sub"`, video-wall tiles) is the camera's 640×360 clip; absent or main its 720p clip.
      const stream = cmd.action === 'videoPush' ? liveStreamOf(cmd.params?.stream) : 'main';
      const ok = cmd.action === 'videoPushStop' || (stream !== null && this.videoPushes.start(robot.spec.robotId, Number(cmd.params?.cameraId), url, left, stream));
      if (cmd.action === 'videoPushStop') this.videoPushes.stop(robot.spec.robotId, url);
      const reply: RobotReply = ok ? { id: cmd.id, result: 'accepted' } : { id: cmd.id, result: 'refused', reason: 'unsupported' };
      robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify(reply));
      return;
    }
    if (cmd.action === 'simulateAlarm') {
      this.alarm(robot, Number(cmd.params?.code), cmd.params?.state === 'clear' ? 'clear' : 'raise');
      robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify({ id: cmd.id, result: 'accepted' } satisfies RobotReply));
      return;
    }
    if (cmd.action === 'simulateDetection') {
      const kind = String(cmd.params?.kind ?? '') as DetectionMessage['kind'];
      const data = cmd.params?.data && typeof cmd.params.data === 'object' ? (cmd.params.data as Record<string, unknown>) : undefined;
      this.detect(robot, kind, data);
      robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify({ id: cmd.id, result: 'accepted' } satisfies RobotReply));
      return;
    }
    if (cmd.action === 'simulateCollision') {
      this.collisionEffects(robot, collide(robot.collision, Date.now()));
      robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify({ id: cmd.id, result: 'accepted' } satisfies RobotReply));
      this.publish(robot);
      return;
    }
    const camera = typeof cmd.action === 'string' ? this.camera(robot, cmd) : undefined;
    if (!camera) this.endEpisode(robot); // an operator takes over: the robot's own episode ends
    const out = camera ? null : this.apply(robot, cmd);
    const reason = typeof out === 'string' ? out : null;
    const data = camera && camera !== 'unsupported' && typeof camera !== 'string' ? camera.data : out && typeof out === 'object' ? out.data : undefined;
    const refusal = camera === 'unsupported' ? 'unsupported' : typeof camera === 'string' ? camera : reason;
    const reply: RobotReply = refusal ? { id: cmd.id, result: 'refused', reason: refusal } : { id: cmd.id, result: 'accepted', ...(data !== undefined ? { data } : {}) };
    robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify(reply));
    this.publish(robot);
  }

  /**
   * A map sent to the robot (mapDown): it downloads the pgm and yaml from the addresses it was
   * given, checks them against the digests, then takes the map and patrols a loop inside it
   * (map pixels → metres). A failed or mismatching download is the spec's download error.
   */
  private async downloadMap(r: SimRobot, cmd: RobotCommand): Promise<{ data: unknown } | RefusalReason> {
    const id = Number(cmd.params?.mapId);
    const c = cmd.params?.config as { pixelW?: number; pixelH?: number; scale?: number; Xorigin?: number; Yorigin?: number } | undefined;
    const files = cmd.params?.files as { pgm?: string; yaml?: string } | undefined;
    const sha = cmd.params?.sha256 as { pgm?: string | null; yaml?: string | null } | undefined;
    if (!Number.isInteger(id) || !c?.pixelW || !c.pixelH || !c.scale || !files?.pgm || !files.yaml) return 'mapLocalFileNotFound';
    if (!this.httpBase) return 'mapDownloadError';
    try {
      for (const which of ['pgm', 'yaml'] as const) {
        const res = await fetch(new URL(files[which]!, this.httpBase), { signal: AbortSignal.timeout(8_000) });
        if (!res.ok) return 'mapDownloadError';
        const bytes = Buffer.from(await res.arrayBuffer());
        if (sha?.[which] && crypto.createHash('sha256').update(bytes).digest('hex') !== sha[which]) return 'mapDownloadError';
      }
    } catch {
      return 'mapDownloadError';
    }
    const m = (px: number, py: number): [number, number] => [c.Xorigin! + px * c.scale!, c.Yorigin! + (c.pixelH! - py) * c.scale!];
    const [w, h] = [c.pixelW, c.pixelH];
    r.spec.mapId = id;
    r.spec.loop = [m(w * 0.35, h * 0.35), m(w * 0.65, h * 0.35), m(w * 0.65, h * 0.65), m(w * 0.35, h * 0.65)];
    r.s = 0;
    [r.x, r.y] = r.spec.loop[0]!;
    return { data: { mapId: id } };
  }

  /** Track commands (tasks, task control, remote control) go to the rail; its answer is the reply. */
  private onTrackCommand(robot: SimRobot, rail: TrackRail, cmd: RobotCommand): void {
    this.endEpisode(robot);
    const out = robot.emergency && cmd.action !== 'trackTaskControl' ? 'emergencyStop' : rail.command(cmd);
    const reply: RobotReply = typeof out === 'string' ? { id: cmd.id, result: 'refused', reason: out } : { id: cmd.id, result: 'accepted', ...(out ? { data: out.data } : {}) };
    robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify(reply));
    this.publishTrack(robot, rail, 0);
  }

  /** Steps a rail robot and publishes its track messages; its robot status follows the rail. */
  private publishTrack(r: SimRobot, rail: TrackRail, dt: number): void {
    rail.setFault(r.emergency === 1);
    for (const m of rail.step(dt)) r.client.publish(TrackTopics.track(r.spec.robotId), JSON.stringify(m));
    if (!r.emergency) r.status = rail.status === TrackStatus.running ? S.navigation : S.idle;
    // The rail follows the robot's loop on its map, so the pose (telecontrol, maps) shows where it is.
    if (r.spec.loop.length > 1) {
      r.s = 0;
      this.move(r, rail.position);
    }
    r.battery = Math.max(20, r.battery - 0.01 * dt);
  }

  /** Camera commands: push-video flags, parameters and definition, per camera 0-4. */
  private camera(r: SimRobot, cmd: RobotCommand): { data: unknown } | RefusalReason | undefined {
    if (!['pushVideo', 'camParamGet', 'camParamSet', 'videoParam', 'cameraLens'].includes(cmd.action as string)) return undefined;
    const cam = r.cameras[Number(cmd.params?.cameraId ?? 0)];
    if (!cam) return 'unsupported';
    switch (cmd.action) {
      case 'pushVideo':
        cam.push = cmd.params?.isPushVideo ? 1 : 0;
        this.video(r, { kind: 'push', cameraId: Number(cmd.params?.cameraId ?? 0), isPushVideo: cam.push, t: Date.now() });
        return { data: { push: cam.push } };
      case 'camParamGet':
        return { data: { ...cam.params } };
      case 'camParamSet':
        Object.assign(cam.params, cmd.params?.values as Record<string, string>);
        return { data: { ...cam.params } };
      case 'videoParam':
        cam.definition = Number(cmd.params?.sharpness ?? 2);
        return { data: { definition: cam.definition } };
      case 'cameraLens':
        return this.lens(cam, Number(cmd.params?.code), Number(cmd.params?.preset));
      default:
        return undefined;
    }
  }

  /** Zoom, focus and presets of one camera (codes of common/robot-control CameraAction). */
  private lens(cam: SimCamera, code: number, preset: number): { data: unknown } | RefusalReason {
    switch (code) {
      case CameraAction.zoomIn:
        cam.zoom = Math.min(30, cam.zoom + 1);
        break;
      case CameraAction.zoomOut:
        cam.zoom = Math.max(1, cam.zoom - 1);
        break;
      case CameraAction.focusNear:
        cam.focus = Math.max(0, cam.focus - 5);
        break;
      case CameraAction.focusFar:
        cam.focus = Math.min(100, cam.focus + 5);
        break;
      case CameraAction.autoFocus:
        cam.focus = 50;
        break;
      case CameraAction.setPreset:
        cam.presets.set(preset, { pan: cam.pan, tilt: cam.tilt, zoom: cam.zoom });
        break;
      case CameraAction.goPreset: {
        const p = cam.presets.get(preset);
        if (!p) return 'presetMissing';
        Object.assign(cam, p);
        break;
      }
      default:
        break; // stop: the continuous move ends
    }
    return { data: { zoom: cam.zoom, focus: cam.focus, pan: cam.pan, tilt: cam.tilt, presets: [...cam.presets.keys()].sort((a, b) => a - b) } };
  }

  /** Applies a command as a robot would, or says why not (spec §4 blocking rules); some answer data. */
  private apply(r: SimRobot, cmd: RobotCommand): RefusalReason | { data: unknown } | null {
    const mobile = r.spec.robotType !== 4;
    if (cmd.action === 'emergencyButton') {
      r.emergency = cmd.params?.status === 1 ? 1 : 0;
      if (r.emergency) this.endPatrol(r, 'failed');
      r.mode = 'manual';
      r.status = r.emergency ? S.emergencyStop : S.idle;
      return null;
    }
    if (typeof cmd.action === 'string') return this.device(r, cmd);
    const moving = [RobotAction.goPosition, RobotAction.auto, RobotAction.goCharge, RobotAction.telecontrol, RobotAction.resetPosition];
    if (r.emergency && (moving as number[]).includes(cmd.action)) return 'emergencyStop';
    if (!mobile && (moving as number[]).includes(cmd.action)) return 'unsupported';
    // Spec §4 collision mode: stopped after a collision (or in its fault) until reset; reset clears it.
    if (cmd.action === RobotAction.resetPosition) this.collisionEffects(r, clearCollision(r.collision));
    else if (collisionHolds(r.collision) && (moving as number[]).includes(cmd.action)) return 'state';
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
        this.endPatrol(r, 'stopped');
        return null;
      case RobotAction.resetPosition:
        r.s = 0;
        return null;
      case RobotAction.remoteCall:
        if (r.spec.robotType === 5) return 'unsupported';
        r.call = cmd.params?.call === 0 ? 0 : 2;
        return null;
      case RobotAction.ptz: {
        const cam = r.cameras[Number(cmd.params?.cameraId ?? 0)] ?? r.cameras[0]!;
        const d = cmd.params?.direction;
        if (d === 'left' || d === 'right') cam.pan = (cam.pan + (d === 'left' ? -5 : 5) + 360) % 360;
        if (d === 'up' || d === 'down') cam.tilt = Math.max(-90, Math.min(90, cam.tilt + (d === 'up' ? 5 : -5)));
        return { data: { pan: cam.pan, tilt: cam.tilt } };
      }
      case RobotAction.mediaPlay:
      case RobotAction.broadcast:
        r.call = 0;
        return null;
      default:
        return null; // media, broadcast, ptz, alarm, call: accepted, no change of status
    }
  }

  /** Manual charging, lifter and fire-fighting, as a robot of that kind would answer them. */
  private device(r: SimRobot, cmd: RobotCommand): RefusalReason | { data: unknown } | null {
    const kind = r.spec.robotType;
    switch (cmd.action) {
      case 'manualCharging':
        if (kind === 4) return 'unsupported';
        if (cmd.params?.status === 0) {
          if (r.status === S.manualCharging) r.status = S.idle;
          return null;
        }
        if (r.spec.hasCharger === false) return 'noCharger';
        if (r.emergency) return 'emergencyStop';
        if (r.status === S.charging || r.status === S.manualCharging) return 'charging';
        r.mode = 'manual';
        r.status = S.manualCharging;
        return null;
      case 'lifter': {
        if (![1, 5, 6].includes(kind)) return 'unsupported';
        const d = cmd.params?.direction;
        if (d !== 'stop' && r.emergency) return 'emergencyStop';
        const mm = Number(cmd.params?.distance ?? 0);
        if (r.rail) r.lifterMm = r.rail.lift; // a rail robot has one lift, whichever screen drives it
        if (d === 'up') r.lifterMm = Math.min(1000, r.lifterMm + mm);
        if (d === 'down') r.lifterMm = Math.max(0, r.lifterMm - mm);
        if (r.rail) r.rail.lift = r.lifterMm;
        return { data: { height: r.lifterMm } };
      }
      case 'fireControl': {
        if (kind !== 3) return 'unsupported';
        if (r.emergency) return 'emergencyStop';
        const op = Number(cmd.params?.operation);
        if (op === FireOperation.sprayOn) {
          r.mode = 'manual';
          r.status = S.fireFighting;
        } else if (op === FireOperation.sprayOff) {
          if (r.status === S.fireFighting) r.status = S.idle;
        } else if (op === FireOperation.nozzleUp || op === FireOperation.nozzleDown) r.nozzle.pitch = Math.max(-30, Math.min(60, r.nozzle.pitch + (op === FireOperation.nozzleUp ? 5 : -5)));
        else r.nozzle.yaw = Math.max(-90, Math.min(90, r.nozzle.yaw + (op === FireOperation.nozzleLeft ? -5 : 5)));
        return { data: { spraying: r.status === S.fireFighting, ...r.nozzle } };
      }
      case 'navigate': {
        // A patrol task: drive its route (metres in the map frame) from the first point.
        const points = (cmd.params?.points as [number, number][] | undefined)?.filter((p) => Array.isArray(p) && p.length === 2);
        if (kind === 4) return 'unsupported';
        if (r.emergency) return 'emergencyStop';
        if (!points || points.length < 2 || collisionHolds(r.collision)) return 'state';
        r.spec.loop = points;
        if (Number.isInteger(cmd.params?.mapId)) r.spec.mapId = Number(cmd.params?.mapId);
        r.s = 0;
        [r.x, r.y] = points[0]!;
        r.mode = 'manual';
        r.status = S.navigation;
        this.endPatrol(r, 'stopped'); // a new task replaces the one being driven
        const count = Number(cmd.params?.count);
        r.patrol = { taskId: Number(cmd.params?.taskId), route: points, count: Number.isInteger(count) && count > 0 ? count : 1, laps: 0, d: 0, point: 1 };
        setImmediate(() => this.patrolReport(r, 'running'));
        return { data: { taskId: cmd.params?.taskId } };
      }
      case 'setInitPosition':
        return this.setInitPosition(r, cmd);
      default:
        return 'unsupported';
    }
  }

  /**
   * Issue 4: a robot's environment drifts; its episode moves on (raising a step's fault code or
   * sending its camera report as the step begins, clearing codes at the end); a safe-mode collision
   * stop ends by itself; and now and then, only while it lives its own life, a new episode begins.
   */
  private live(r: SimRobot, dt: number): void {
    if (r.env) r.env = driftEnv(r.env, dt, Math.random);
    this.collisionEffects(r, tickCollision(r.collision, Date.now()));
    if (r.episode) {
      const { episode, entered } = advanceEpisode(r.episode, dt);
      if (entered) this.enterStep(r, entered);
      if (!episode) this.endEpisode(r);
      else r.episode = episode;
      return;
    }
    if (this.episodeEveryMs <= 0 || Math.random() >= this.tickMs / this.episodeEveryMs || !this.ownLife(r)) return;
    const moving = !r.rail && r.status === S.navigation && r.spec.robotType !== 4 && r.spec.loop.length > 1;
    const offlineAllowed = !this.robots.some((o) => o.episode?.steps.some((st) => st.offline));
    const kind = pickEpisode(episodeKindsFor({ robotType: r.spec.robotType, multiFloor: r.spec.multiFloor === true }, { moving, offlineAllowed }), Math.random);
    if (kind === 'collision') return this.collisionEffects(r, collide(r.collision, Date.now()));
    if (!kind) return;
    r.episode = startEpisode(kind, episodeSteps(kind, Math.random, r.cameras.length));
    this.enterStep(r, r.episode.steps[0]!);
  }

  /** Whether the robot lives its own life (no operator command, task, call, charge or collision stop in force). */
  private ownLife(r: SimRobot): boolean {
    if (r.mode !== 'auto' || r.emergency || r.patrol || r.call !== 0 || collisionHolds(r.collision)) return false;
    if (r.rail) return r.status === S.idle;
    return r.status === S.idle || r.status === S.navigation || r.status === S.remoteControl;
  }

  /** A step begins: its fault code is raised, its camera report sent. */
  private enterStep(r: SimRobot, step: EpisodeStep): void {
    if (step.code !== undefined) this.alarm(r, step.code, 'raise');
    if (step.cameraError) this.video(r, { kind: 'error', ...step.cameraError, t: Date.now() });
  }

  /** The episode ends (or is cut short by a command): the codes it raised clear. */
  private endEpisode(r: SimRobot): void {
    if (!r.episode) return;
    for (const code of episodeCodes(r.episode)) this.alarm(r, code, 'clear');
    r.episode = null;
  }

  /** Takes a collision transition and reports its alarm codes. */
  private collisionEffects(r: SimRobot, t: { state: CollisionState; effects: CollisionEffects }): void {
    r.collision = t.state;
    for (const code of t.effects.raise) this.alarm(r, code, 'raise');
    for (const code of t.effects.clear) this.alarm(r, code, 'clear');
  }

  /** Offline for a while (an episode): no telemetry, pose, detections or answers. */
  private silent(r: SimRobot): boolean {
    return r.episode !== null && currentStep(r.episode)?.offline === true;
  }

  /** The status reported: the emergency stop first, then a collision fault (4) or stop (14 alarm pause), then an episode's status. */
  private shownStatus(r: SimRobot, shown: EpisodeStep | null): number {
    if (r.emergency) return r.status;
    if (r.collision.phase === 'fault') return EpisodeStatus.error;
    if (r.collision.phase === 'stopped') return EpisodeStatus.alarmPause;
    return shown?.status ?? r.status;
  }

  /** The map editor's initial position: the robot stands at {x, y} (mm) facing theta (radians) on that map, and waits. */
  private setInitPosition(r: SimRobot, cmd: RobotCommand): RefusalReason | { data: unknown } {
    const [x, y, theta] = [Number(cmd.params?.x), Number(cmd.params?.y), Number(cmd.params?.theta ?? 0)];
    if (r.spec.robotType === 4) return 'unsupported';
    if (r.emergency) return 'emergencyStop';
    if (![x, y, theta].every(Number.isFinite)) return 'state';
    this.endPatrol(r, 'stopped');
    if (Number.isInteger(cmd.params?.mapId)) r.spec.mapId = Number(cmd.params?.mapId);
    [r.x, r.y, r.theta] = [x / 1000, y / 1000, theta];
    r.mode = 'manual';
    r.status = S.idle;
    return { data: { x, y, theta } };
  }

  private tick(): void {
    const dt = this.tickMs / 1000;
    const heart = this.ticks++ % Math.max(1, Math.round(5_000 / this.tickMs)) === 0;
    for (const r of this.robots) {
      this.live(r, dt);
      if (r.rail) this.publishTrack(r, r.rail, dt);
      else this.step(r, dt);
      if (this.silent(r)) continue; // offline for a while: nothing is heard of it
      this.publish(r);
      for (const ext of SIM_EXTENSIONS) ext.tick?.(this.view(r), this.io(r), dt);
      this.maybeDetect(r);
      if (this.alarmEveryMs > 0 && Math.random() < this.tickMs / this.alarmEveryMs) this.randomAlarm(r);
      if (heart) this.video(r, { kind: 'heart', cameras: r.cameras.map((c, cameraId) => ({ cameraId, status: c.push ? 1 : 0 })), t: Date.now() });
    }
  }

  /** Reports a detection now and then: a picture it renders and its pose when it started and now. */
  private maybeDetect(r: SimRobot): void {
    if (this.detectionEveryTicks <= 0 || --r.detectIn > 0) return;
    r.detectIn = this.detectionEveryTicks;
    const kinds = KINDS_BY_ROBOT_TYPE[r.spec.robotType] ?? ['snap'];
    this.detect(r, kinds[r.detections % kinds.length]!);
  }

  /** Reports one detection of a kind now (`data`: its fields, else made up). */
  private detect(r: SimRobot, kind: DetectionMessage['kind'], data?: Record<string, unknown>): void {
    const n = r.detections++;
    const seed = (n + 1) * 7919 + r.spec.robotId.length * 31 + r.spec.robotId.charCodeAt(r.spec.robotId.length - 1);
    const end = r.trail[r.trail.length - 1] ?? this.pose(r);
    const message: DetectionMessage = {
      id: `${r.spec.robotId}-${this.bootId}-${n}`,
      kind,
      picture: renderDetectionPicture(kind, seed).toString('base64'),
      mapId: r.spec.mapId,
      start: r.trail[0] ?? end,
      end,
      data: data ?? detectionData(kind, (seed % 997) / 997, n),
      t: Date.now(),
    };
    r.client.publish(MqttTopics.detection(r.spec.robotId), JSON.stringify(message));
  }

  private pose(r: SimRobot): DetectionPose {
    return {
      x: Math.round(r.x * 1000),
      y: Math.round(r.y * 1000),
      latitude: Number((BASE_LAT + r.y / 111_000).toFixed(7)),
      longitude: Number((BASE_LON + r.x / (111_000 * Math.cos((BASE_LAT * Math.PI) / 180))).toFixed(7)),
    };
  }

  /** Publishes an alarm or fault code of spec §8 on the robot's alarm topic, as a real robot reports it. */
  private alarm(r: SimRobot, code: number, state: 'raise' | 'clear'): void {
    const report: RobotAlarmReport = { robotId: r.spec.robotId, code, state, t: Date.now() };
    r.client.publish(MqttTopics.alarm(r.spec.robotId), JSON.stringify(report), { qos: 1 });
  }

  /** Something a robot's day brings: a collision, a lost position, smoke, a stream drop; cleared half a minute later. */
  private randomAlarm(r: SimRobot): void {
    // A collision (301) comes with its stop through the episodes (collision.ts), not as a bare alarm.
    const codes = [302, 307, 311, 312, 321, 103, 104, 202, 401, 407, 502];
    const code = codes[Math.floor(Math.random() * codes.length)]!;
    this.alarm(r, code, 'raise');
    setTimeout(() => this.robots.includes(r) && this.alarm(r, code, 'clear'), 30_000).unref();
  }

  /** Video reports (spec §4 pushes VideoHeart, VideoErrorReport, pushVideo) on the robot's video topic. */
  private video(r: SimRobot, report: RobotVideoReport): void {
    r.client.publish(MqttTopics.video(r.spec.robotId), JSON.stringify(report));
  }

  /** What extensions read of a robot (./extension.ts). */
  private view(r: SimRobot): SimRobotView {
    return { spec: r.spec, status: r.status, battery: r.battery, emergency: r.emergency, x: r.x, y: r.y, theta: r.theta, call: r.call, patrolling: Boolean(r.patrol) };
  }

  private io(r: SimRobot): SimIO {
    return { publish: (topic, payload) => void r.client.publish(mqttTopicOf(MQTT_TOPICS[topic].pattern, r.spec.robotId), JSON.stringify(payload), { qos: MQTT_TOPICS[topic].qos }) };
  }

  /** Lets the first extension that knows the command answer it; true when one did. */
  private extensionCommand(robot: SimRobot, cmd: RobotCommand): boolean {
    for (const ext of SIM_EXTENSIONS) {
      const out = ext.command?.(this.view(robot), cmd, this.io(robot));
      if (out === undefined) continue;
      void Promise.resolve(out).then((a) => {
        const reply: RobotReply = 'refused' in a ? { id: cmd.id, result: 'refused', reason: a.refused } : { id: cmd.id, result: 'accepted', ...(a.data !== undefined ? { data: a.data } : {}) };
        robot.client.publish(MqttTopics.reply(robot.spec.robotId), JSON.stringify(reply));
      });
      return true;
    }
    return false;
  }

  /** Publishes the robot's status and pose, as it does every second and after each command. */
  private publish(r: SimRobot): void {
    if (this.silent(r)) return;
    const shown = r.episode ? currentStep(r.episode) : null;
    const telemetry: RobotTelemetry = {
      robotId: r.spec.robotId,
      status: this.shownStatus(r, shown),
      online: 1,
      videoOnline: shown?.videoOnline ?? 1,
      interactOnline: r.spec.robotType === 5 ? 0 : (shown?.interactOnline ?? 1),
      battery: Math.round(r.battery),
      emergencyButtonStatus: r.emergency,
      interactionState: r.call,
      ...(r.env ? { env: envReport(r.env) } : {}),
      t: Date.now(),
    };
    const at = this.pose(r);
    const pose: RobotPose = { robotId: r.spec.robotId, ...at, theta: Number(r.theta.toFixed(3)), mapId: r.spec.mapId, t: Date.now() };
    r.trail.push(at);
    if (r.trail.length > 6) r.trail.shift();
    r.client.publish(MqttTopics.status(r.spec.robotId), JSON.stringify(telemetry));
    r.client.publish(MqttTopics.gps(r.spec.robotId), JSON.stringify(pose));
  }

  /** A small believable life: patrol, pause, hand control, seek the charger when low, charge. */
  private step(r: SimRobot, dt: number): void {
    const mobile = r.spec.robotType !== 4 && r.spec.loop.length > 1;
    // An episode's status or a collision stop holds the robot's own life; some episodes drive on.
    const held = r.episode ? currentStep(r.episode) : null;
    if (!r.emergency && (collisionHolds(r.collision) || held?.status !== undefined)) {
      if (held?.moving && !collisionHolds(r.collision) && mobile) this.move(r, 0.4 * dt);
      r.battery = Math.max(0, r.battery - 0.03 * dt);
      return;
    }
    r.phaseLeft -= dt;
    if (r.patrol && r.status !== S.navigation) this.endPatrol(r, 'stopped');
    if (r.status === S.navigation || r.status === S.findingCharger) {
      r.battery = Math.max(0, r.battery - 0.15 * dt);
      if (r.patrol) this.drive(r, r.patrol, PATROL_SPEED * dt);
      else if (mobile) this.move(r, 0.6 * dt);
    } else if (r.status === S.charging || r.status === S.manualCharging) {
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

  /** Drives a patrol task on: along the pass of this lap, reporting each point reached and each lap; finishes after the last lap. */
  private drive(r: SimRobot, p: SimPatrol, distance: number): void {
    let left = distance;
    while (left > 0 && r.patrol === p) {
      const pass = p.laps % 2 === 0 ? p.route : [...p.route].reverse();
      const a = pass[p.point - 1]!;
      const b = pass[p.point]!;
      const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const step = Math.max(0, Math.min(left, len - p.d));
      left -= step;
      p.d += step;
      const reached = p.d >= len - 1e-9;
      const k = reached ? 1 : p.d / len;
      r.x = a[0] + (b[0] - a[0]) * k;
      r.y = a[1] + (b[1] - a[1]) * k;
      if (len > 0) r.theta = Math.atan2(b[1] - a[1], b[0] - a[0]);
      if (!reached) break;
      p.d = 0;
      p.point++;
      if (p.point < pass.length) {
        this.patrolReport(r, 'running');
        continue;
      }
      p.laps++;
      p.d = 0;
      p.point = 1;
      if (p.laps >= p.count) {
        r.status = S.idle;
        this.endPatrol(r, 'finished');
      } else this.patrolReport(r, 'running');
    }
  }

  /** Ends the patrol task being driven (if any) and says how. */
  private endPatrol(r: SimRobot, state: RobotNaviProgress['state']): void {
    if (!r.patrol) return;
    this.patrolReport(r, state);
    r.patrol = undefined;
  }

  /** Publishes the progress of the patrol task on the robot's navigation topic. */
  private patrolReport(r: SimRobot, state: RobotNaviProgress['state']): void {
    const p = r.patrol;
    if (!p) return;
    const done = state === 'finished';
    const report: RobotNaviProgress = {
      robotId: r.spec.robotId,
      taskId: p.taskId,
      state,
      lap: done ? p.count : Math.min(p.count, p.laps + 1),
      count: p.count,
      laps: p.laps,
      point: done ? p.route.length : p.point,
      points: p.route.length,
      t: Date.now(),
    };
    r.client.publish(MqttTopics.navigation(r.spec.robotId), JSON.stringify(report), { qos: 1 });
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
