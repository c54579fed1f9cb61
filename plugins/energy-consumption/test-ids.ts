/** Test ids of the energy consumption page. */
export const ENERGY_TEST_IDS = {
  page: 'energy',
  robot: 'energy-robot',
  period: 'energy-period',
  range: 'energy-range',
  /** `energy-stat-<name>` (consumed, perDay, charged, chargeSessions, chargingMinutes, battery). */
  stat: 'energy-stat',
  curve: 'energy-curve',
  daily: 'energy-daily',
  empty: 'energy-empty',
  error: 'energy-error',
} as const;
