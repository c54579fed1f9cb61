/** Robot rules of spec §3/§4 that both sides apply. */

/** Robot type numbers (spec §3). */
export const RobotType = { Anbot: 1, APV: 2, fireRobot: 3, staticRobot: 4, trackRobot: 5, AnbotY: 6, AnbotCold: 7 } as const;

/** Serial characters 3-4 → robot kind (spec §3). */
const SERIAL_KIND: Record<string, number> = {
  WR: RobotType.Anbot,
  WV: RobotType.APV,
  WF: RobotType.fireRobot,
  WS: RobotType.staticRobot,
  TP: RobotType.trackRobot,
  WY: RobotType.AnbotY,
  LK: RobotType.AnbotCold,
};

/** The robot kind named by characters 3-4 of a serial number, or staticRobot when unknown. */
export function robotKindFromSerial(serial: string): number {
  return SERIAL_KIND[serial.slice(2, 4).toUpperCase()] ?? RobotType.staticRobot;
}

/** Spec §3: "Type derived from id: WR 1, WV 2, WF 3, otherwise 4" (the legacy derivation). */
export function legacyTypeFromSerial(serial: string): number {
  const code = serial.slice(2, 4).toUpperCase();
  return code === 'WR' ? 1 : code === 'WV' ? 2 : code === 'WF' ? 3 : 4;
}

/** Highest robot status code with a label (spec §4: 0-22). */
export const MAX_STATUS_CODE = 22;

/** Which label key to show for a robot's status: the code when online, else offline/unknown. */
export function statusLabelKey(online: number | boolean | undefined, status: number | undefined): string {
  if (!online) return 'offline';
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 0 || status > MAX_STATUS_CODE) return 'unknown';
  return String(status);
}
