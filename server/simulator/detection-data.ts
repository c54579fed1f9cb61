import type { DetectionKind } from '../../common/detections';

/** Which detections each robot type (spec §3 robot type numbers) produces. */
export const KINDS_BY_ROBOT_TYPE: Record<number, DetectionKind[]> = {
  1: ['face', 'plate', 'person', 'event', 'thermal', 'antiTheft', 'snap', 'action', 'x3', 'env'],
  2: ['plate', 'person', 'snap', 'event'],
  3: ['thermal', 'env', 'event', 'snap'],
  4: ['face', 'person', 'idCard', 'temperature', 'snap', 'action'],
  5: ['thermal', 'custom', 'x3', 'env', 'aiCustom', 'snap'],
  6: ['face', 'plate', 'person', 'temperature', 'antiTheft', 'aiCustom', 'custom', 'idCard'],
  7: ['env', 'temperature', 'snap', 'custom'],
};

const pick = <T>(list: readonly T[], r: number): T => list[Math.floor(r * list.length) % list.length]!;
const round = (v: number, digits = 1) => Number(v.toFixed(digits));

/** Kind-specific fields of a simulated detection (r: a number in [0, 1) drawn by the caller). */
export function detectionData(kind: DetectionKind, r: number, n: number): Record<string, unknown> {
  switch (kind) {
    case 'face':
      return { personName: pick(['Li Wei', 'Wang Fang', 'Tanaka Yui', 'Unknown'], r), entryType: 1 + (n % 4), similarity: round(70 + r * 29) };
    case 'plate':
      return { plateNumber: `沪${pick(['A', 'B', 'C', 'D'], r)}${String(10000 + Math.floor(r * 89999))}`, plateColor: pick(['blue', 'yellow', 'green', 'white'], r * 7 % 1), carType: pick(['car', 'truck', 'van', 'bus'], r * 3 % 1), plateType: pick(['small car', 'large car', 'new energy'], r * 5 % 1), owner: pick(['Zhang Wei', 'Li Na', 'Wang Fang', ''], r * 11 % 1), brand: pick(['BYD', 'Toyota', 'Volkswagen', 'Geely'], r * 13 % 1), carColor: pick(['black', 'white', 'silver', 'red'], r * 17 % 1) };
    case 'person':
      return { personCount: 1 + Math.floor(r * 5), confidence: round(60 + r * 39) };
    case 'event':
      return { eventType: pick(['fall', 'fight', 'intrusion', 'loitering', 'smoke'], r), level: 1 + (n % 3) };
    case 'thermal': {
      const max = round(35 + r * 60);
      return { maxTemp: max, minTemp: round(max - 20 - r * 5), avgTemp: round(max - 10), overThreshold: max > 80 };
    }
    case 'temperature': {
      const body = round(36 + r * 2.2);
      return { bodyTemp: body, tempStatus: body >= 37.3 ? 1 : 0 };
    }
    case 'antiTheft':
      return { objectName: pick(['bag', 'box', 'bicycle', 'laptop'], r), objectState: pick(['moved', 'missing'], r * 5 % 1) };
    case 'idCard':
      return { personName: pick(['Li Wei', 'Wang Fang', 'Zhao Lei'], r), idNumber: pick(['11010519491231002X', '310101199001011237', '440301198507150018'], r), blacklisted: n % 5 === 0 };
    case 'snap':
      return { cameraId: n % 5 };
    case 'custom':
      return { meterName: pick(['Pressure gauge P1', 'Oil level L2', 'Ammeter A3'], r), reading: round(r * 100, 2), unit: pick(['MPa', '%', 'A'], r) };
    case 'action':
      return { action: pick(['smoking', 'phoning', 'running', 'climbing'], r), confidence: round(60 + r * 39) };
    case 'x3':
      return { target: pick(['helmet', 'vest', 'fire', 'smoke'], r), confidence: round(60 + r * 39) };
    case 'env':
      return { temperature: round(18 + r * 15), humidity: round(30 + r * 50), smoke: round(r * 120), pm25: round(r * 150), methane: round(r * 2, 2), hydrogenFluoride: round(r * 1.5, 2) };
    case 'aiCustom':
      return { model: pick(['door-open', 'water-leak', 'light-off', 'blocked-exit'], r), result: pick(['normal', 'abnormal'], r * 3 % 1), confidence: round(60 + r * 39) };
  }
}
