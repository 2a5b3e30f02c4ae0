// The campaign calendar in India Standard Time (UTC+05:30). Campaign days are 'YYYY-MM-DD' strings; a
// day starts at 00:00:00 IST and ends at 23:59:59 IST, stored as UTC instants.
//
// Calendar arithmetic on days (adding days, counting days, telling a real date from 2026-02-30) is done
// on UTC midnights of the 'YYYY-MM-DD' strings: a UTC day is always 86,400,000 ms, so it is exact. This
// module is in every campaign page's browser bundle, which must stay under 100 KiB of JavaScript: it no
// longer pulls in date-fns (month arithmetic on the server still uses it, platform/jobs/report-schedules.ts).
// Turning an instant into an IST day or clock time and back is one fixed offset: India has had no daylight
// saving since 1945 (time.test.ts checks the offset against the time-zone database through @date-fns/tz),
// and zoned dates cost 100–300× more per call on the paths that format thousands of rows. Decision 019.

/** India Standard Time's offset from UTC (no daylight saving). */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
const START_TODAY_DELAY_MS = 2 * 60 * 1000
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** True for a real calendar date written 'YYYY-MM-DD' (2028-02-29 yes, 2026-02-29 and 2026-04-31 no). */
export function isCalendarDate(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false
  const at = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === value
}

const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`)

/** The IST calendar date (YYYY-MM-DD) of an instant. */
export function istDate(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10)
}

/** 'YYYY-MM-DD HH:mm:ss' of an instant in IST, the tables' and downloads' date-time format. */
export function istDateTime(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS).toISOString()
  return `${ist.slice(0, 10)} ${ist.slice(11, 19)}`
}

/** A calendar date n days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  return new Date(utcMidnight(day) + n * DAY_MS).toISOString().slice(0, 10)
}

/** Whole calendar days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS)
}

/** 00:00:00 IST of a calendar date, as a UTC instant. */
export function istStartOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS)
}

/** 23:59:59 IST of a calendar date, as a UTC instant (whole seconds, the spec's end time). */
export function istEndOfDay(day: string): Date {
  return new Date(Date.parse(`${day}T23:59:59Z`) - IST_OFFSET_MS)
}

/** Next 00:00:00 IST strictly after `at`. */
export function nextIstMidnight(at: Date): Date {
  return istStartOfDay(addDays(istDate(at), 1))
}

/** Share of the IST day that has passed at `at` (0 at midnight, just under 1 at 23:59). */
export function istDayFraction(at: Date): number {
  const local = at.getTime() + IST_OFFSET_MS
  return (((local % DAY_MS) + DAY_MS) % DAY_MS) / DAY_MS
}

/** A campaign's start instant: today (IST) starts at now + 2 minutes, any other day at 00:00:00 IST. */
export function campaignStartTime(startDate: string, now: Date): Date {
  if (startDate === istDate(now)) return new Date(now.getTime() + START_TODAY_DELAY_MS)
  return istStartOfDay(startDate)
}

/** A campaign's end instant: 23:59:59 IST of the end date; null (Lifetime) stays null. */
export function campaignEndTime(endDate: string | null): Date | null {
  return endDate === null ? null : istEndOfDay(endDate)
}
