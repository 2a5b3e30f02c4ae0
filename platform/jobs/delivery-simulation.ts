// Demo mode: every 10 minutes the delivery simulator plays the IST hours that ended since the hour it
// last played (at most a day back), against the running campaigns, so states, credits and reports move
// (issue 12, docs/decisions/039). Outside demo mode it does nothing.
import { desc, eq } from 'drizzle-orm'
import { istHourStart, simulateDelivery } from '../analytics/simulator'
import type { Database } from '../db/client'
import { performanceFacts } from '../db/schema'
import { istStartOfDay } from '../rules/time'
import type { JobDefinition } from '.'
import { RETRY_EVERY_TEN_MINUTES } from './boss'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** The end of the last hour the simulator played (from its newest hourly fact), or null. */
export async function lastSimulatedHourEnd(db: Database): Promise<Date | null> {
  const [last] = await db
    .select({ day: performanceFacts.day, hour: performanceFacts.hour })
    .from(performanceFacts)
    .where(eq(performanceFacts.source, 'SIMULATOR'))
    .orderBy(desc(performanceFacts.day), desc(performanceFacts.hour))
    .limit(1)
  if (!last || last.hour < 0) return null
  return new Date(istStartOfDay(last.day).getTime() + (last.hour + 1) * HOUR_MS)
}

/** Plays the hours since the last played one (the last hour on a first run), at most a day's worth. */
export async function runDeliverySimulation(db: Database, now: Date, seed?: number) {
  const last = await lastSimulatedHourEnd(db)
  const thisHour = istHourStart(now).getTime()
  const earliest = new Date(thisHour - DAY_MS)
  const from = last === null ? new Date(thisHour - HOUR_MS) : last < earliest ? earliest : last
  return simulateDelivery(db, { from, to: now, seed })
}

export const deliverySimulation: JobDefinition = {
  name: 'delivery-simulation',
  cron: '*/10 * * * *',
  retry: RETRY_EVERY_TEN_MINUTES,
  async run(deps) {
    if (!deps.demoMode) return { skipped: 'not demo mode' }
    return runDeliverySimulation(deps.database.db, deps.now())
  },
}
