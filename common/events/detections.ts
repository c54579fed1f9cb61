/**
 * Detections beyond their schema-driven lists (spec §7 meterStatementsExport, getFaceHeat,
 * getPlateHeat, getInfraredHeat): meter statements of the custom-detection list and the heat of a
 * detection list by weekday and hour. Their params are the list's filters, checked by the list
 * itself (schemas/entities). The statements as a workbook are the HTTP route
 * `POST /api/meter-statements` of server/features/detections.
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';

/** The read permission of the detection lists (custom-detection, face-orbit, plate-detection, thermal-imaging `x-access.read`). */
export const DETECTION_READ_PERMISSION = 'detection:read';

/** A list's filters (its query fields; paging and sorting are ignored), checked against the list's schema. */
const ListFilters = Type.Record(Type.String(), Type.Unknown());

/** One meter's statement over the filtered readings. */
export const MeterStatementSchema = Type.Object({
  robotId: Type.String(),
  meterName: Type.String(),
  unit: Type.String(),
  count: Type.Integer(),
  min: Type.Union([Type.Number(), Type.Null()]),
  max: Type.Union([Type.Number(), Type.Null()]),
  average: Type.Union([Type.Number(), Type.Null()]),
  first: Type.Union([Type.String(), Type.Null()], { description: 'When the first reading was taken.' }),
  last: Type.Union([Type.String(), Type.Null()], { description: 'When the last reading was taken.' }),
  lastReading: Type.Union([Type.Number(), Type.Null()]),
});
export type MeterStatement = Static<typeof MeterStatementSchema>;

/** Rows of a detection list counted by weekday and hour of day in the caller's time zone. */
export const DetectionHeatSchema = Type.Object({
  counts: Type.Array(Type.Array(Type.Integer(), { description: 'Hours 0–23.' }), { description: 'Weekdays 0 (Sunday) to 6.' }),
  total: Type.Integer(),
  max: Type.Integer(),
});
export type DetectionHeat = Static<typeof DetectionHeatSchema>;

const heat = (summary: string) =>
  ({
    summary: `${summary} The param is the list's filters and \`utcOffset\` (minutes east of UTC).`,
    access: can(DETECTION_READ_PERMISSION),
    mutating: false,
    param: ListFilters,
    answer: DetectionHeatSchema,
  }) as const;

export const detectionsEvents = defineEvents('detections', {
  meterStatementsExport: {
    summary: 'The statements (count, minimum, maximum, average, first and last reading) of each meter of the filtered custom-detection list.',
    access: can(DETECTION_READ_PERMISSION),
    mutating: false,
    param: ListFilters,
    answer: Type.Object({ list: Type.Array(MeterStatementSchema) }),
  },
  getFaceHeat: heat('Face orbit detections by weekday and hour.'),
  getPlateHeat: heat('Plate detections by weekday and hour.'),
  getInfraredHeat: heat('Thermal imaging detections by weekday and hour.'),
  // Issue 20 (spec §7 detections).
  getPlateByMap: { summary: 'Detections: plate detections on a map.', access: can('detection:read'), mutating: false, param: Type.Object({ mapId: Type.Integer(), userId: Type.Optional(Type.Integer()) }, { additionalProperties: true }), answer: Type.Unknown() },
  getMapByPlateId: { summary: 'Detections: the maps a plate was seen on.', access: can('detection:read'), mutating: false, param: Type.Object({ plate: Type.String({ minLength: 1, maxLength: 16 }), userId: Type.Optional(Type.Integer()) }, { additionalProperties: true }), answer: Type.Unknown() },
  getCustomDetectionAlarm: { summary: 'Detections: custom detections that raised an alarm.', access: can('detection:read'), mutating: false, param: Type.Object({ pageNum: Type.Optional(Type.Integer({ minimum: 1 })), pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), groupId: Type.Optional(Type.Integer()) }, { additionalProperties: true }), answer: Type.Unknown() },
});
