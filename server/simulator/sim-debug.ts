/**
 * Simulated robots: what they answer for online debugging and the terminal (issue 19, see
 * ./extension.ts and common/events/maintenance-debug DEBUG_COMMANDS). Each robot keeps its debug,
 * walk and static parameters (starting at the schema's defaults), runs diagnostic actions, and
 * offers a small restricted shell (help, status, ps, df, uptime, tail); static robots (type 4)
 * have no chassis (no walk parameters) and no terminal (spec §2).
 */
import { randomBytes } from 'node:crypto';
import { DEBUG_PARAM_SCHEMAS, debugParamDefaults, TERMINAL_IDLE_MS, type DebugParamKind, type DebugParams } from '../../common/debug-params';
import { RobotType } from '../../common/robot';
import type { SimAnswer, SimExtension, SimRobotView } from './extension';

interface Session {
  robotId: string;
  last: number;
}

const params = new Map<string, Record<DebugParamKind, DebugParams>>();
const sessions = new Map<string, Session>();
const started = Date.now();

const docsOf = (robotId: string) => {
  let d = params.get(robotId);
  if (!d) params.set(robotId, (d = { debug: debugParamDefaults('debug'), walk: debugParamDefaults('walk'), static: debugParamDefaults('static') }));
  return d;
};

/** Keeps the values the schema knows (the server has checked them). */
function merge(kind: DebugParamKind, doc: DebugParams, values: unknown): DebugParams {
  if (!values || typeof values !== 'object') return doc;
  const known = DEBUG_PARAM_SCHEMAS[kind].properties as Record<string, unknown>;
  for (const [k, v] of Object.entries(values as Record<string, unknown>)) if (k in known && (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string')) doc[k] = v;
  return { ...doc };
}

const isStatic = (robot: SimRobotView) => robot.spec.robotType === RobotType.staticRobot;

const STATUS_NAMES: Record<number, string> = { 0: 'idle', 1: 'remote control', 2: 'navigation', 3: 'charging', 4: 'error', 6: 'emergency stop', 7: 'upgrade', 9: 'mapping', 11: 'interaction' };

function uptime(): string {
  const s = Math.floor((Date.now() - started) / 1000) + 86_400 * 3;
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `up ${d} days, ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}, load average: 0.42, 0.37, 0.31`;
}

/** The restricted shell: one command line → its output. */
export function simShell(robot: SimRobotView, line: string): string {
  const [cmd = '', ...args] = line.trim().split(/\s+/);
  const id = robot.spec.robotId;
  switch (cmd) {
    case '':
      return '';
    case 'help':
      return ['Commands:', '  help              this list', '  status            robot state', '  ps | processes    node services', '  df | disk         disk usage', '  uptime            time since boot', '  tail [n] | logs   last lines of the robot log (n ≤ 50)', '  exit              close the session'].join('\n');
    case 'status':
      return [
        `robot      ${id} (type ${robot.spec.robotType})`,
        `status     ${robot.status} ${STATUS_NAMES[robot.status] ?? ''}`.trimEnd(),
        `battery    ${Math.round(robot.battery)}%`,
        `emergency  ${robot.emergency ? 'pressed' : 'released'}`,
        `pose       x=${robot.x.toFixed(2)} y=${robot.y.toFixed(2)} theta=${robot.theta.toFixed(2)}`,
        `log level  ${String(docsOf(id).debug.logLevel)}`,
      ].join('\n');
    case 'ps':
    case 'processes': {
      const nodes = ['robot_core', 'video_agent', 'interaction', 'mqtt_bridge', ...(isStatic(robot) ? [] : ['navigation', 'chassis_driver'])];
      return ['  PID  CPU%  MEM%  NAME', ...nodes.map((n, i) => `${String(1200 + i * 37).padStart(5)}  ${(((i * 7 + 3) % 23) + 0.4).toFixed(1).padStart(4)}  ${(((i * 5 + 2) % 13) + 1.1).toFixed(1).padStart(4)}  ${n}`)].join('\n');
    }
    case 'df':
    case 'disk':
      return ['Filesystem  Size  Used  Avail  Use%  Mounted on', '/dev/mmcblk0p2  58G   21G   35G   38%  /', '/dev/sda1  458G  176G  259G   41%  /data'].join('\n');
    case 'uptime':
      return uptime();
    case 'tail':
    case 'logs': {
      const n = Math.min(50, Math.max(1, Number.parseInt(args[0] ?? '10', 10) || 10));
      const now = Date.now();
      const lines = Array.from({ length: n }, (_, i) => {
        const t = new Date(now - (n - i) * 7_000).toISOString();
        const level = i % 9 === 4 ? 'WARN ' : 'INFO ';
        return `${t} ${level} robot_core: heartbeat ok, battery ${Math.round(robot.battery)}%, status ${robot.status}`;
      });
      return lines.join('\n');
    }
    default:
      return `${cmd}: command not permitted (type help)`;
  }
}

function sweep(now: number): void {
  for (const [id, s] of sessions) if (now - s.last > TERMINAL_IDLE_MS) sessions.delete(id);
}

export const debugSim: SimExtension = {
  id: 'debug',
  command(robot, cmd): SimAnswer | undefined {
    const p = (cmd.params ?? {}) as Record<string, unknown>;
    const id = robot.spec.robotId;
    const docs = () => docsOf(id);
    switch (cmd.action) {
      case 'debugParamGet':
        return { data: { ...docs().debug } };
      case 'debugParamSet':
        return { data: (docs().debug = merge('debug', docs().debug, p.values)) };
      case 'walkParamGet':
        return isStatic(robot) ? { refused: 'unsupported' } : { data: { ...docs().walk } };
      case 'walkParamSet':
        if (isStatic(robot)) return { refused: 'unsupported' };
        if (robot.patrolling) return { refused: 'navigation' };
        return { data: (docs().walk = merge('walk', docs().walk, p.values)) };
      case 'staticParamGet':
        return { data: { ...docs().static } };
      case 'staticParamSet':
        return { data: (docs().static = merge('static', docs().static, p.values)) };
      case 'diagnose': {
        const action = String(p.action);
        if (action === 'restartNavigation' && isStatic(robot)) return { refused: 'unsupported' };
        const items =
          action === 'selfCheck'
            ? [
                { item: 'battery', ok: robot.battery > 15, detail: `${Math.round(robot.battery)}%` },
                { item: 'emergencyStop', ok: robot.emergency === 0, detail: robot.emergency ? 'pressed' : 'released' },
                { item: 'cameras', ok: true, detail: '5/5 streaming' },
                { item: 'storage', ok: true, detail: '38% used' },
                ...(isStatic(robot) ? [] : [{ item: 'chassis', ok: robot.status !== 4, detail: robot.status === 4 ? 'fault' : 'ok' }]),
              ]
            : [{ item: action, ok: true, detail: 'done' }];
        return { data: { action, ok: items.every((i) => i.ok), items } };
      }
      case 'restoreApp':
        if (robot.patrolling) return { refused: 'navigation' };
        return { data: { version: 'robot-app 3.8.2' } };
      case 'powerReboot':
        if (robot.patrolling) return { refused: 'navigation' };
        // A simulated robot only acknowledges: it keeps running (a real one goes offline in a few seconds).
        return { data: { type: p.type } };
      case 'terminalOpen': {
        if (isStatic(robot)) return { refused: 'unsupported' };
        const now = Date.now();
        sweep(now);
        const sessionId = `t-${randomBytes(8).toString('hex')}`;
        sessions.set(sessionId, { robotId: id, last: now });
        return { data: { sessionId, output: `Restricted shell of ${id}. Type help for the commands.`, prompt: `${id}$ ` } };
      }
      case 'terminalExec': {
        const now = Date.now();
        sweep(now);
        const sessionId = String(p.sessionId);
        const s = sessions.get(sessionId);
        if (!s || s.robotId !== id) return { refused: 'terminalSession' };
        s.last = now;
        const line = String(p.line ?? '');
        if (line.trim() === 'exit') {
          sessions.delete(sessionId);
          return { data: { sessionId, output: 'logout', prompt: '', closed: true } };
        }
        return { data: { sessionId, output: simShell(robot, line), prompt: `${id}$ ` } };
      }
      case 'terminalClose':
        sessions.delete(String(p.sessionId));
        return { data: { sessionId: String(p.sessionId), output: 'logout', prompt: '', closed: true } };
      default:
        return undefined;
    }
  },
  stop() {
    sessions.clear();
  },
};
