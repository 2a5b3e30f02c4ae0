// Calendar helpers in India Standard Time (UTC+5:30, no daylight saving): campaign days, start at
// 00:00:00 IST and end at 23:59:59 IST, stored as UTC instants.

export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** The IST calendar date (YYYY-MM-DD) of an instant. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/** A calendar date n days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS)
}

/** 00:00:00 IST of a calendar date, as a UTC instant. */
export function istStartOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS)
}

/** 23:59:59 IST of a calendar date, as a UTC instant. */
export function istEndOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T23:59:59Z`) - IST_OFFSET_MS)
}

/** Share of the IST day that has passed at `at` (0 at midnight, just under 1 at 23:59). */
export function istDayFraction(at: Date): number {
  const local = at.getTime() + IST_OFFSET_MS
  return (((local % DAY_MS) + DAY_MS) % DAY_MS) / DAY_MS
}
