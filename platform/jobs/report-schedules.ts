// Scheduled reports (issue 12, decision 040). A schedule's runs fall on the days start, start + period,
// start + 2 periods … up to its end date (DAILY 1 day, WEEKLY 7 days, MONTHLY 1 calendar month counted
// from the start, so 31 January → 28 February → 31 March; ONCE: the start date only), at
// SCHEDULE_HOUR_IST on each day — except a run due today when the schedule is saved, which is due at
// once. Every minute this job takes the due schedules (next_run_at ≤ now, today within start..end,
// report saved and not deleted; FOR UPDATE SKIP LOCKED), and for each, in one transaction: queues a
// SCHEDULE run over the period its date filter resolves to today, sets last_run_at, advances
// next_run_at (null after the last day), audits. Then it wakes report-generation, which writes the CSV
// and e-mails the recipients.
import { addMonths, differenceInCalendarMonths, formatISO, parseISO } from 'date-fns'
import { and, asc, eq, isNull, lte } from 'drizzle-orm'
import { audit } from '../audit'
import type { ReportDateFilter, ReportFrequency } from '../contracts/analytics'
import type { Database } from '../db/client'
import { reportEntities, reportRuns, reportSchedules as scheduleRows } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { log } from '../log'
import { addDays, daysBetween, istDate, istStartOfDay } from '../rules/time'
import { resolveDates } from '../analytics/report-engine'
import type { JobDefinition } from '.'
import { RETRY_EVERY_MINUTE } from './boss'
import { REPORT_GENERATION_JOB } from './report-generation'

export const REPORT_SCHEDULES_JOB = 'report-schedules'
/** Scheduled runs start at 06:00 IST: the day before is in (the ad server's daily rows come overnight). */
export const SCHEDULE_HOUR_IST = 6
const SYSTEM_ACTOR = { userId: null, role: 'system' } as const
const BATCH = 20

const monthDay = (start: string, k: number) =>
  formatISO(addMonths(parseISO(start), k), { representation: 'date' })

/**
 * The first run day of the schedule on or after `day` (strictly after it with `after`), or null when
 * there is none up to the end date. ONCE has one day: the start.
 */
export function scheduleDayFrom(
  schedule: { frequency: ReportFrequency; startDate: string | null; endDate: string | null },
  day: string,
  { after = false }: { after?: boolean } = {},
): string | null {
  const { frequency, startDate: start, endDate: end } = schedule
  if (!start) return null
  const fits = (candidate: string) =>
    (after ? candidate > day : candidate >= day) && (end === null || candidate <= end) ? candidate : null
  if (frequency === 'ONCE') return fits(start)
  if (start > day || (start === day && !after)) return fits(start)
  if (frequency === 'MONTHLY') {
    let k = Math.max(0, differenceInCalendarMonths(parseISO(day), parseISO(start)) - 1)
    for (;;) {
      const candidate = monthDay(start, k)
      if (after ? candidate > day : candidate >= day) return fits(candidate)
      k += 1
    }
  }
  const period = frequency === 'DAILY' ? 1 : 7
  const elapsed = daysBetween(start, day)
  let k = Math.floor(elapsed / period)
  let candidate = addDays(start, k * period)
  while (after ? candidate <= day : candidate < day) {
    k += 1
    candidate = addDays(start, k * period)
  }
  return fits(candidate)
}

/** A run day's instant: SCHEDULE_HOUR_IST on that day. */
export const scheduleInstant = (day: string) =>
  new Date(istStartOfDay(day).getTime() + SCHEDULE_HOUR_IST * 60 * 60 * 1000)

/**
 * next_run_at of a schedule saved (created or with changed dates/frequency) at `now`: the first run
 * day from today; today's run is due at once, unless one already ran today (then the next day after).
 */
export function firstRunAt(
  schedule: { frequency: ReportFrequency; startDate: string | null; endDate: string | null },
  now: Date,
  lastRunAt: Date | null = null,
): Date | null {
  const today = istDate(now)
  const ranToday = lastRunAt !== null && istDate(lastRunAt) === today
  const day = scheduleDayFrom(schedule, today, { after: ranToday })
  if (day === null) return null
  return day === today ? now : scheduleInstant(day)
}

/** next_run_at after the run of `runDay`. */
export function nextRunAfter(
  schedule: { frequency: ReportFrequency; startDate: string | null; endDate: string | null },
  runDay: string,
): Date | null {
  const day = scheduleDayFrom(schedule, runDay, { after: true })
  return day === null ? null : scheduleInstant(day)
}

/**
 * Queues the runs of the schedules that are due and advances them. Returns the queued run ids (and the
 * schedules closed because their end passed). Safe to run concurrently with itself.
 */
export async function queueDueSchedules(
  deps: Pick<PlatformDeps, 'database' | 'now'>,
): Promise<{ queued: number[]; closed: string[] }> {
  const db: Database = deps.database.db
  const queued: number[] = []
  const closed: string[] = []
  for (let round = 0; round < 50; round++) {
    const now = deps.now()
    const today = istDate(now)
    const taken = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: scheduleRows.reportEntityId,
          frequency: scheduleRows.frequency,
          startDate: scheduleRows.startDate,
          endDate: scheduleRows.endDate,
          nextRunAt: scheduleRows.nextRunAt,
          dateFilter: reportEntities.dateFilter,
        })
        .from(scheduleRows)
        .innerJoin(reportEntities, eq(reportEntities.reportEntityId, scheduleRows.reportEntityId))
        .where(
          and(
            lte(scheduleRows.nextRunAt, now),
            isNull(reportEntities.deletedAt),
            eq(reportEntities.isSaved, true),
          ),
        )
        .orderBy(asc(scheduleRows.nextRunAt))
        .limit(BATCH)
        .for('update', { of: scheduleRows, skipLocked: true })
      for (const schedule of due) {
        const inWindow =
          schedule.startDate !== null &&
          schedule.startDate <= today &&
          (schedule.endDate === null || today <= schedule.endDate)
        if (!inWindow) {
          // Past its end (or moved): no run today; the next one, if any, from today on.
          const next =
            schedule.startDate && schedule.startDate > today ? scheduleInstant(schedule.startDate) : null
          await tx
            .update(scheduleRows)
            .set({ nextRunAt: next })
            .where(eq(scheduleRows.reportEntityId, schedule.id))
          if (next === null) closed.push(schedule.id)
          continue
        }
        let period: { from: string; to: string }
        try {
          period = resolveDates(schedule.dateFilter as ReportDateFilter, now)
        } catch (error) {
          // A stored date filter that no longer resolves: a FAILED run says so (never dropped silently).
          period = { from: today, to: today }
          log.error('scheduled report period did not resolve', {
            reportEntityId: schedule.id,
            error: error instanceof Error ? error.message : String(error),
          })
        }
        const [run] = await tx
          .insert(reportRuns)
          .values({
            reportEntityId: schedule.id,
            trigger: 'SCHEDULE',
            status: 'QUEUED',
            fromDate: period.from,
            toDate: period.to,
            createdAt: now,
          })
          .returning({ id: reportRuns.id })
        const next = nextRunAfter(schedule, today)
        await tx
          .update(scheduleRows)
          .set({ lastRunAt: now, nextRunAt: next })
          .where(eq(scheduleRows.reportEntityId, schedule.id))
        await audit(tx, {
          action: 'REPORT_SCHEDULED_RUN_QUEUED',
          entityType: 'report',
          entityId: schedule.id,
          before: { nextRunAt: schedule.nextRunAt?.toISOString() ?? null },
          after: { runId: run?.id, from: period.from, to: period.to, nextRunAt: next?.toISOString() ?? null },
          actor: SYSTEM_ACTOR,
          at: now,
        })
        if (run) queued.push(run.id)
        if (next === null) closed.push(schedule.id)
      }
      return due.length
    })
    if (taken < BATCH) break
  }
  return { queued, closed }
}

export const reportSchedules: JobDefinition = {
  name: REPORT_SCHEDULES_JOB,
  cron: '* * * * *',
  retry: RETRY_EVERY_MINUTE,
  async run(deps) {
    const result = await queueDueSchedules(deps)
    if (result.queued.length > 0) deps.wake?.(REPORT_GENERATION_JOB)
    return { queued: result.queued.length, closed: result.closed.length }
  },
}
