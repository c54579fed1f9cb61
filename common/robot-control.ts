/**
 * What each robot kind offers and when a control is blocked (spec §1, §2 "static robots lack
 * navigation, charging …", §4 "some actions are blocked during emergency stop, charging or
 * navigation; a remote call is hung up before certain actions", §5 presets, §9 focus actions).
 * The server enforces these rules; the console uses the same table to decide what to offer.
 */
import type { MessageKey } from './messages';
import { RobotAction } from './robot-actions';
import { RobotType } from './robot';

/** Every control the telecontrol screen offers (robot actions by name, plus the other commands). */
export type Control =
  | keyof typeof RobotAction
  | 'emergencyButton'
  | 'manualCharging'
  | 'lifter'
  | 'fireControl'
  | 'cameraPtz'
  | 'singlePointNav'
  | 'infraredCorrect'
  | 'handheldRC'
  | 'sendCoordinate';

const ALL_KINDS = Object.values(RobotType) as number[];
const MOBILE = [RobotType.Anbot, RobotType.APV, RobotType.fireRobot, RobotType.AnbotY, RobotType.AnbotCold] as number[];

/** Robot kinds that offer a control. Missing controls are offered by every kind. */
const OFFERED_BY: Partial<Record<Control, number[]>> = {
  resetPosition: MOBILE,
  goPosition: MOBILE,
  auto: MOBILE,
  // Track robots drive along their rail by hand and go to their charger; static robots do neither.
  telecontrol: [...MOBILE, RobotType.trackRobot],
  goCharge: [...MOBILE, RobotType.trackRobot],
  manualCharging: [...MOBILE, RobotType.trackRobot],
  // Track robots have no dialogue subsystem (their interactOnline is always 0).
  remoteCall: ALL_KINDS.filter((k) => k !== RobotType.trackRobot),
  lifter: [RobotType.Anbot, RobotType.trackRobot, RobotType.AnbotY],
  fireControl: [RobotType.fireRobot],
  singlePointNav: MOBILE,
  handheldRC: MOBILE,
  // Issue 20: the kinds with an infrared (thermal) camera.
  infraredCorrect: [RobotType.Anbot, RobotType.fireRobot, RobotType.trackRobot, RobotType.AnbotY],
};

/** Whether a robot kind offers a control. */
export function robotOffers(robotType: number | undefined, control: Control): boolean {
  if (robotType === undefined) return false;
  const kinds = OFFERED_BY[control];
  return kinds ? kinds.includes(robotType) : ALL_KINDS.includes(robotType);
}

/** Status codes (spec §4) that count as charging, as navigating, as emergency stop. */
export const CHARGING_STATUSES: readonly number[] = [3, 22];
export const NAVIGATION_STATUSES: readonly number[] = [2, 8, 13, 16, 17, 18, 19, 20];
export const EMERGENCY_STOP_STATUS = 6;
/** Call states (spec §3): idle 0, waiting 1, on call 2. */
export const CallState = { idle: 0, waiting: 1, onCall: 2 } as const;

/** What a blocking rule needs of the robot. */
export interface ControlState {
  status?: number;
  emergencyButtonStatus?: number;
  interactionState?: number;
  interactOnline?: number;
}

type Block = 'emergencyStop' | 'charging' | 'navigation';

/** Per control: the states that block it, and whether a running call is hung up first. */
const RULES: Partial<Record<Control, { blockedBy?: Block[]; hangUpCall?: boolean; needsInteraction?: boolean }>> = {
  resetPosition: { blockedBy: ['emergencyStop', 'navigation'] },
  mediaPlay: { hangUpCall: true },
  goPosition: { blockedBy: ['emergencyStop', 'charging'], hangUpCall: true },
  broadcast: { hangUpCall: true },
  telecontrol: { blockedBy: ['emergencyStop', 'navigation', 'charging'] },
  goCharge: { blockedBy: ['emergencyStop', 'charging'], hangUpCall: true },
  auto: { blockedBy: ['emergencyStop', 'charging'], hangUpCall: true },
  remoteCall: { needsInteraction: true },
  manualCharging: { blockedBy: ['emergencyStop', 'navigation'] },
  lifter: { blockedBy: ['emergencyStop'] },
  fireControl: { blockedBy: ['emergencyStop'] },
  singlePointNav: { blockedBy: ['emergencyStop', 'charging'], hangUpCall: true },
  handheldRC: { blockedBy: ['emergencyStop'] },
};

/** Controls that start navigation: the spec's "Navigation task blocked …" message applies to them. */
const NAVIGATING: readonly Control[] = ['resetPosition', 'goPosition', 'goCharge', 'auto', 'singlePointNav'];

/** Why a control is blocked in the robot's current state (a catalogue message), or null. */
export function controlBlock(control: Control, s: ControlState): MessageKey | null {
  const rule = RULES[control];
  if (!rule) return null;
  if (rule.needsInteraction && !s.interactOnline) return 'interactOffline';
  for (const b of rule.blockedBy ?? []) {
    if (b === 'emergencyStop' && (s.emergencyButtonStatus === 1 || s.status === EMERGENCY_STOP_STATUS)) {
      return NAVIGATING.includes(control) ? 'refusedEmergencyStop' : 'refusedEmergencyStopPressed';
    }
    if (b === 'charging' && s.status !== undefined && CHARGING_STATUSES.includes(s.status)) return 'refusedCharging';
    if (b === 'navigation' && s.status !== undefined && NAVIGATION_STATUSES.includes(s.status)) return 'refusedNavigation';
  }
  return null;
}

/** Whether a control hangs up a running remote call first (the console confirms before). */
export function hangsUpCall(control: Control, s: ControlState): boolean {
  return !!RULES[control]?.hangUpCall && (s.interactionState === CallState.waiting || s.interactionState === CallState.onCall);
}

/** The name of a robot action code, or undefined. */
export function actionName(code: number): keyof typeof RobotAction | undefined {
  return (Object.keys(RobotAction) as (keyof typeof RobotAction)[]).find((k) => RobotAction[k] === code);
}

/**
 * Camera lens and preset action codes (spec §9 "focus actions 16, 32, 65, 66, 72, 68, 129, 130").
 * The spec gives the numbers only; this is our reading: a press starts a continuous move and
 * its release sends `stop`.
 */
export const CameraAction = {
  zoomIn: 16,
  zoomOut: 32,
  focusNear: 65,
  focusFar: 66,
  stop: 68,
  autoFocus: 72,
  setPreset: 129,
  goPreset: 130,
} as const;

/** Codes of `cameraZoom` and of `cameraFocus`. */
export const ZOOM_ACTIONS: readonly number[] = [CameraAction.zoomIn, CameraAction.zoomOut, CameraAction.stop];
export const FOCUS_ACTIONS: readonly number[] = [CameraAction.focusNear, CameraAction.focusFar, CameraAction.stop, CameraAction.autoFocus, CameraAction.setPreset, CameraAction.goPreset];

/** Spec §5/§9: presets 2, 45 and 49 are reserved; preset entries are digits only. */
export const RESERVED_PRESETS: readonly number[] = [2, 45, 49];
/** Highest preset number a camera keeps. */
export const MAX_PRESET = 255;

/** Why a preset entry is refused (a catalogue message), or null. */
export function presetProblem(entry: string): MessageKey | null {
  if (!/^\d+$/.test(entry)) return 'presetDigits';
  const n = Number(entry);
  if (n < 1 || n > MAX_PRESET) return 'presetRange';
  if (RESERVED_PRESETS.includes(n)) return 'presetReserved';
  return null;
}

/** Pan/tilt directions of robot action `ptz` (7). */
export const PTZ_DIRECTIONS = ['up', 'down', 'left', 'right', 'stop'] as const;

/** Lifter directions of `POST /robot/common/lifter/{direction}`; distance in millimetres. */
export const LIFTER_DIRECTIONS = ['up', 'down', 'stop'] as const;
export const LIFTER_MAX_DISTANCE_MM = 1000;

/** Fire-fighting operations (`fireControl`): spray on/off and the nozzle. */
export const FireOperation = { sprayOff: 0, sprayOn: 1, nozzleUp: 2, nozzleDown: 3, nozzleLeft: 4, nozzleRight: 5 } as const;

/** Longest broadcast text. */
export const BROADCAST_MAX_LENGTH = 200;
