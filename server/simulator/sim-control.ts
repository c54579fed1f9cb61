/** Simulated robots: the telecontrol commands of issue 20 they answer (single-point navigation, pictures, PTZ presets, SOS mode, definition, data saving; see ./extension.ts). */
import { renderDetectionPicture } from './detection-picture';
import type { SimExtension } from './extension';

let snaps = 0;

interface ProtocolState {
  speed: number;
  presets: { id: number; name: string }[];
  sosMode: number;
  definition: number;
  dataSaving: number;
  handheld: number;
}

const states = new Map<string, ProtocolState>();
const INFRARED_KINDS = [1, 3, 5, 6];
const stateOf = (id: string): ProtocolState => {
  let s = states.get(id);
  if (!s) states.set(id, (s = { speed: 50, presets: [], sosMode: 1, definition: 2, dataSaving: 1, handheld: 0 }));
  return s;
};

/** A simulated robot's SOS mode (1 rescue sound, 2 remote call), as the sosMode command set it (server/simulator/sim-call.ts reads it). */
export const simSosMode = (robotId: string): number => stateOf(robotId).sosMode;

export const controlSim: SimExtension = {
  id: 'control',
  command(robot, cmd) {
    const p = (cmd.params ?? {}) as Record<string, unknown>;
    const s = stateOf(robot.spec.robotId);
    switch (cmd.action) {
      case 'singlePointNav':
        if (robot.emergency || robot.status === 6) return { refused: 'emergencyStop' };
        if (robot.status === 3 || robot.status === 22) return { refused: 'charging' };
        return { data: { x: p.x, y: p.y } };
      case 'snapPicture':
        // The frame its camera sees now (a PNG, base64), as a real robot sends it.
        return { data: { cameraId: typeof p.cameraId === 'number' ? p.cameraId : 0, picture: renderDetectionPicture('snap', ++snaps).toString('base64') } };
      case 'infraredCorrect':
        if (!INFRARED_KINDS.includes(robot.spec.robotType)) return { refused: 'unsupported' };
        return { data: { type: p.type } };
      case 'ptzParam':
        if (typeof p.speed === 'number') s.speed = p.speed;
        if (Array.isArray(p.presets)) s.presets = p.presets as ProtocolState['presets'];
        return { data: { speed: s.speed, presets: s.presets } };
      case 'sendCoordinate':
        return { data: { x: p.x, y: p.y } };
      case 'handheldRC':
        if (robot.emergency) return { refused: 'emergencyStop' };
        s.handheld = Number(p.status) ? 1 : 0;
        return { data: { status: s.handheld } };
      case 'sosMode':
        if (typeof p.mode === 'number') s.sosMode = p.mode;
        return { data: { mode: s.sosMode } };
      case 'videoSettings':
        if (typeof p.definition === 'number') s.definition = p.definition;
        if (typeof p.dataSaving === 'number') s.dataSaving = p.dataSaving;
        return { data: { definition: s.definition, dataSaving: s.dataSaving } };
      default:
        return undefined;
    }
  },
  stop() {
    states.clear();
  },
};
