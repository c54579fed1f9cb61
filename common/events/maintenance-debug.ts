/**
 * Maintenance, debugging (issue 19): onlineDebug (debug, walk and static parameters, diagnostic
 * actions, restore, power off / reboot), debugSetting (queryThresh; the document itself is the
 * settings schema schemas/settings/debug-setting.schema.json) and the terminal (terminalSharing).
 * Every command reaches the robot on its command topic and comes back as the command's reply.
 */
import { Type } from '@sinclair/typebox';
import { DEBUG_PARAM_SCHEMAS, DIAGNOSTIC_ACTIONS, TERMINAL_MAX_LINE, type DebugParams, type DebugParamSchema } from '../debug-params';
import { can, defineEvents } from './define';
import { Json, labels } from './schema';
import type { RobotCommandSpec } from './robot-command-spec';

/** Online debugging: reading the parameters and diagnostics. */
export const DEBUG_READ_PERMISSION = 'debug:read';
/** Online debugging: setting parameters, diagnostic actions, restore, power off / reboot. */
export const DEBUG_WRITE_PERMISSION = 'debug:write';
/** The remote terminal (super admins only). */
export const TERMINAL_PERMISSION = 'terminal:use';

const o = Type.Object;
const RobotId = Type.String({ minLength: 1, maxLength: 32, ...labels('Robot', '机器人', 'ロボット') });
const RobotOnly = o({ robotId: RobotId }, { additionalProperties: false });

/** A whole parameter document of a group (as the robot answers it). */
const Doc = (s: DebugParamSchema) => Json<DebugParams>({ ...s, minProperties: 0 });
/** Some parameters of a group to set (at least one; each within the schema's limits). */
const Change = (s: DebugParamSchema) => Json<DebugParams>({ ...s, minProperties: 1 });
const ParamAnswer = (s: DebugParamSchema) => o({ robotId: Type.String(), params: Doc(s) });
const SetParam = (s: DebugParamSchema) => o({ robotId: RobotId, params: Change(s) }, { additionalProperties: false });

const DiagnosticAction = Json<(typeof DIAGNOSTIC_ACTIONS)[number]>({ type: 'string', enum: [...DIAGNOSTIC_ACTIONS], ...labels('Action', '操作', '操作') });
const CheckItem = o({ item: Type.String(), ok: Type.Boolean(), detail: Type.String() });
const DiagnosticReport = o({ action: Type.String(), ok: Type.Boolean(), items: Type.Array(CheckItem) });

/** Thresholds a robot is judged by (queryThresh; the debugSetting document's thresholds). */
export const ThresholdsSchema = o({
  cpuPercent: Type.Integer(),
  memoryPercent: Type.Integer(),
  diskPercent: Type.Integer(),
  temperatureC: Type.Integer(),
  latencyMs: Type.Integer(),
});

const TerminalOp = Json<'open' | 'exec' | 'close'>({ type: 'string', enum: ['open', 'exec', 'close'], ...labels('Operation', '操作', '操作') });
const SessionId = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9-]+$', ...labels('Session', '会话', 'セッション') });
const TerminalLine = Type.String({ maxLength: TERMINAL_MAX_LINE, ...labels('Command', '命令', 'コマンド') });
const TerminalAnswer = o({ sessionId: Type.String(), output: Type.String(), prompt: Type.String(), closed: Type.Optional(Type.Boolean()) });

/** Robot commands of this feature (spread into common/events/mqtt.ts ROBOT_COMMANDS). */
export const DEBUG_COMMANDS = {
  debugParamGet: { action: 'debugParamGet', summary: "Read the robot's debug parameters.", params: o({}), data: Doc(DEBUG_PARAM_SCHEMAS.debug) },
  debugParamSet: { action: 'debugParamSet', summary: 'Set some debug parameters; answer them all.', params: o({ values: Doc(DEBUG_PARAM_SCHEMAS.debug) }), data: Doc(DEBUG_PARAM_SCHEMAS.debug) },
  walkParamGet: { action: 'walkParamGet', summary: "Read the robot's walk parameters (robots with a chassis).", params: o({}), data: Doc(DEBUG_PARAM_SCHEMAS.walk), reasons: ['unsupported'] },
  walkParamSet: { action: 'walkParamSet', summary: 'Set some walk parameters; answer them all.', params: o({ values: Doc(DEBUG_PARAM_SCHEMAS.walk) }), data: Doc(DEBUG_PARAM_SCHEMAS.walk), reasons: ['unsupported', 'navigation'] },
  staticParamGet: { action: 'staticParamGet', summary: "Read the robot's static parameters.", params: o({}), data: Doc(DEBUG_PARAM_SCHEMAS.static) },
  staticParamSet: { action: 'staticParamSet', summary: 'Set some static parameters; answer them all.', params: o({ values: Doc(DEBUG_PARAM_SCHEMAS.static) }), data: Doc(DEBUG_PARAM_SCHEMAS.static) },
  diagnose: { action: 'diagnose', summary: 'Run a diagnostic action (self check, clear faults, restart a subsystem, sync the clock); answer its report.', params: o({ action: DiagnosticAction }), data: DiagnosticReport, reasons: ['navigation', 'state'] },
  restoreApp: { action: 'restoreApp', summary: "Restore the robot's application to its installed version and defaults, then restart it.", params: o({}), data: o({ version: Type.String() }), reasons: ['navigation', 'charging', 'state'] },
  powerReboot: { action: 'powerReboot', summary: 'Power off (0) or reboot (1) the robot, a few seconds after answering.', params: o({ type: Type.Integer({ minimum: 0, maximum: 1 }) }), reasons: ['navigation', 'state'] },
  terminalOpen: { action: 'terminalOpen', summary: 'Open a restricted shell session; answer its id, banner and prompt. The robot closes a session idle for 10 minutes.', params: o({}), data: TerminalAnswer, reasons: ['unsupported'] },
  terminalExec: { action: 'terminalExec', summary: "Run one command line of the session's restricted shell; answer its output (refused terminalSession: no such session, or it timed out).", params: o({ sessionId: Type.String(), line: Type.String() }), data: TerminalAnswer, reasons: ['terminalSession'] },
  terminalClose: { action: 'terminalClose', summary: 'Close a shell session.', params: o({ sessionId: Type.String() }), data: TerminalAnswer },
} as const satisfies Record<string, RobotCommandSpec>;

export const debugEvents = defineEvents('maintenance-debug', {
  getDebugParam: { summary: "The robot's debug parameters, as it answers them.", access: can(DEBUG_READ_PERMISSION), mutating: false, param: RobotOnly, answer: ParamAnswer(DEBUG_PARAM_SCHEMAS.debug) },
  debugParam: { summary: 'Sets debug parameters on the robot (checked against the debug parameter schema); answers them all.', access: can(DEBUG_WRITE_PERMISSION), mutating: false, audit: true, param: SetParam(DEBUG_PARAM_SCHEMAS.debug), answer: ParamAnswer(DEBUG_PARAM_SCHEMAS.debug) },
  getWalkParam: { summary: "The robot's walk parameters (not for static robots).", access: can(DEBUG_READ_PERMISSION), mutating: false, param: RobotOnly, answer: ParamAnswer(DEBUG_PARAM_SCHEMAS.walk) },
  walkParam: { summary: 'Sets walk parameters on the robot (not for static robots); answers them all.', access: can(DEBUG_WRITE_PERMISSION), mutating: false, audit: true, param: SetParam(DEBUG_PARAM_SCHEMAS.walk), answer: ParamAnswer(DEBUG_PARAM_SCHEMAS.walk) },
  getStaticParam: { summary: "The robot's static parameters (dimensions, sensor offsets).", access: can(DEBUG_READ_PERMISSION), mutating: false, param: RobotOnly, answer: ParamAnswer(DEBUG_PARAM_SCHEMAS.static) },
  setStaticParam: { summary: 'Sets static parameters on the robot; answers them all.', access: can(DEBUG_WRITE_PERMISSION), mutating: false, audit: true, param: SetParam(DEBUG_PARAM_SCHEMAS.static), answer: ParamAnswer(DEBUG_PARAM_SCHEMAS.static) },
  fDebug: {
    summary: 'Runs a diagnostic action on the robot (selfCheck, clearFaults, restartNavigation, restartVideo, syncClock); answers its report.',
    access: can(DEBUG_WRITE_PERMISSION),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId, action: DiagnosticAction }, { additionalProperties: false }),
    answer: o({ robotId: Type.String(), report: DiagnosticReport }),
  },
  restoreAPP: { summary: "Restores the robot's application (installed version, defaults) and restarts it.", access: can(DEBUG_WRITE_PERMISSION), mutating: false, audit: true, param: RobotOnly, answer: o({ robotId: Type.String(), version: Type.String() }) },
  remotePoweroffReboot: {
    summary: 'Powers the robot off (type 0) or reboots it (type 1); the console confirms first.',
    access: can(DEBUG_WRITE_PERMISSION),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId, type: Json<0 | 1>({ type: 'integer', enum: [0, 1], ...labels('Operation', '操作', '操作') }) }, { additionalProperties: false }),
    answer: o({ robotId: Type.String(), type: Type.Integer() }),
  },
  queryThresh: {
    summary: "The thresholds a robot is judged by (its debugSetting document: CPU, memory, disk, temperature, link latency) and its log level.",
    access: can(DEBUG_READ_PERMISSION),
    mutating: false,
    param: RobotOnly,
    answer: o({ robotId: Type.String(), logLevel: Type.String(), thresholds: ThresholdsSchema }),
  },
  terminalSharing: {
    summary: "The remote terminal: open a session on the robot's restricted shell, run one command line in it (each is in the operation log), close it. Super admins only; not for static robots.",
    access: can(TERMINAL_PERMISSION),
    mutating: false,
    audit: true,
    param: o({ robotId: RobotId, op: TerminalOp, sessionId: Type.Optional(SessionId), line: Type.Optional(TerminalLine) }, { additionalProperties: false }),
    answer: TerminalAnswer,
  },
});
