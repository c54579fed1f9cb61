/** Robot actions of spec §3 and the command answers robots give (spec §4/§8). */
import type { MessageKey } from './messages';

/** Robot action codes (spec §3). */
export const RobotAction = {
  resetPosition: 0,
  mediaPlay: 1,
  goPosition: 2,
  broadcast: 3,
  telecontrol: 4,
  goCharge: 5,
  auto: 6,
  ptz: 7,
  startAlarm: 8,
  remoteCall: 9,
  stop: 10,
} as const;

/** A command the server sends a robot over MQTT. */
export interface RobotCommand {
  id: string;
  action:
    | number
    | 'emergencyButton'
    | 'pushVideo'
    // One cluster: a camera's live stream pushed to a replica while someone there watches it.
    | 'videoPush'
    | 'videoPushStop'
    | 'camParamGet'
    | 'camParamSet'
    | 'videoParam'
    | 'setParams'
    | 'manualCharging'
    // Spec §8: BMS calibration, accepted only in emergency stop (event bmsCalibration).
    | 'bmsCalibration'
    | 'lifter'
    | 'fireControl'
    | 'cameraLens'
    // History video (common/history-video): days and clips a robot holds, export and its cancel.
    | 'recordedDays'
    | 'listRecordings'
    | 'uploadRecording'
    | 'cancelUpload'
    // Track-mounted inspection robots (common/track): tasks, task control, remote control.
    | 'trackTask'
    | 'trackTaskControl'
    | 'trackRemote'
    // Issue 7: the simulator raises an alarm when asked (tests, demos).
    | 'simulateAlarm'
    | 'simulateDetection'
    // Issue 4: the simulator collides when asked (tests, demos), as its collision episodes do.
    | 'simulateCollision'
    // Maps (issue 5): map sync and navigation along a route.
    | 'mapDown'
    | 'navigate'
    // The map editor's initial position (kind 104) sent to a robot: {mapId, x, y (mm), theta (radians)}.
    | 'setInitPosition'
    // Issue 20 (common/events/control.ts): single-point navigation, snapshots, infrared correction, PTZ, coordinates, handheld RC, SOS mode, robot video settings.
    | 'singlePointNav'
    | 'snapPicture'
    | 'infraredCorrect'
    | 'ptzParam'
    | 'sendCoordinate'
    | 'handheldRC'
    | 'sosMode'
    | 'videoSettings'
    // Online debugging and the terminal (issue 19, common/events/maintenance-debug DEBUG_COMMANDS).
    | 'debugParamGet'
    | 'debugParamSet'
    | 'walkParamGet'
    | 'walkParamSet'
    | 'staticParamGet'
    | 'staticParamSet'
    | 'diagnose'
    | 'restoreApp'
    | 'powerReboot'
    | 'terminalOpen'
    | 'terminalExec'
    | 'terminalClose'
    // Software and logs (issue 19, common/events/maintenance-software SOFTWARE_COMMANDS).
    | 'softwareList'
    | 'softwareUpgrade'
    | 'servicePackList'
    | 'servicePackInstall'
    | 'servicePackDelete'
    | 'programInstall'
    | 'programDelete'
    | 'logUpload'
    | 'jobCancel'
    | 'simulateJobStall'
    // Node logs (issue 19, common/events/node-log NODE_LOG_COMMANDS).
    | 'simulateLogStall'
    // Calls (issue 21, common/events/calls CALL_COMMANDS).
    | 'callOffer'
    | 'callCandidate'
    | 'callHangUp'
    | 'callStats'
    | 'simulateCallMode'
    | 'simulateSosButton';
  params?: Record<string, unknown>;
  t: number;
}

/** Why a robot refused a command: each has a catalogue message. */
export const REFUSALS = {
  emergencyStop: 'refusedEmergencyStop',
  charging: 'refusedCharging',
  navigation: 'refusedNavigation',
  noCharger: 'refusedNoCharger',
  bmsNeedsEmergencyStop: 'refusedBmsCalibration',
  state: 'refusedState',
  unsupported: 'refusedUnsupported',
  presetMissing: 'presetMissing',
  mapDownloadError: 'mapDownloadError',
  mapHostNotFound: 'mapHostNotFound',
  mapBindFailed: 'mapBindFailed',
  mapRebootNeeded: 'mapRebootNeeded',
  mapLocalFileNotFound: 'mapLocalFileNotFound',
  terminalSession: 'terminalSessionEnded',
  // Calls (issue 21): already in a call (edge error 11), the robot refused, its interactive subsystem is offline.
  busy: 'edgeInConversation',
  reject: 'callRefused',
  interactOffline: 'interactOffline',
} as const satisfies Record<string, MessageKey>;

/** A refusal reason. */
export type RefusalReason = keyof typeof REFUSALS;

/** A robot's answer to a command. */
export interface RobotReply {
  id: string;
  result: 'accepted' | 'refused';
  reason?: RefusalReason;
  /** What a query command answers (camera parameters). */
  data?: unknown;
}
