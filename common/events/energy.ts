/**
 * Energy consumption (spec §2 energyConsumption): a robot's battery over a report period, from
 * the samples the server records of its telemetry.
 */
import { Type, type Static } from '@sinclair/typebox';
import { can, defineEvents } from './define';
import { reportParamFields } from './reports';

/** Permission of the energy consumption page. */
export const ENERGY_PERMISSION = 'energy:read';

const Percent = Type.Integer({ description: 'Battery percentage points.' });

/** What getEnergyConsumption answers: battery drops and rises in %, charging time and sessions, the battery curve. */
export const EnergyAnswerSchema = Type.Object({
  start: Type.String(),
  end: Type.String({ description: 'The day after the last day of the period.' }),
  summary: Type.Object({
    consumed: Percent,
    charged: Percent,
    chargeSessions: Type.Integer(),
    chargingMinutes: Type.Integer(),
    perDay: Type.Number({ description: 'Consumed per day of the period, one decimal.' }),
    battery: Type.Union([Type.Number(), Type.Null()], { description: 'The robot’s battery now.' }),
  }),
  daily: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD (UTC).' }), consumed: Percent, charged: Percent, chargingMinutes: Type.Integer() })),
  curve: Type.Array(Type.Object({ t: Type.String(), battery: Type.Number() }), { description: 'The battery over the period, at most 500 evenly spread samples.' }),
});
export type EnergyAnswer = Static<typeof EnergyAnswerSchema>;

export const energyEvents = defineEvents('energy', {
  getEnergyConsumption: {
    summary: 'A robot’s battery consumption, charging and battery curve over a period (static robots have none).',
    access: can(ENERGY_PERMISSION),
    mutating: false,
    param: Type.Object(reportParamFields, { additionalProperties: false }),
    answer: EnergyAnswerSchema,
  },
});
