/** The days of a report scope in the caller's calendar (issue 22: days begin at the caller's midnight). */

/** What the day helpers need of a report scope. */
export interface ScopeDays {
  start: string;
  end: string;
  /** Minutes east of UTC. */
  utcOffset: number;
}

/** The day of an instant in the scope's calendar, as SQL (YYYY-MM-DD); the offset is a checked integer. */
export function daySql(s: ScopeDays, col: string): string {
  return `to_char(${col} AT TIME ZONE 'UTC' + interval '${Math.trunc(s.utcOffset)} minutes', 'YYYY-MM-DD')`;
}

/** Every day of the scope in its calendar, YYYY-MM-DD. */
export function daysOf(s: ScopeDays): string[] {
  const out: string[] = [];
  for (let t = Date.parse(s.start); t < Date.parse(s.end); t += 86_400_000) out.push(new Date(t + s.utcOffset * 60_000).toISOString().slice(0, 10));
  return out;
}
