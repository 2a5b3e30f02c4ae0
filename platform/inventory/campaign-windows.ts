// Each campaign's metrics over each preset date range, kept summed (migration 0010, decision 061) so the
// campaign list sorted by spend reads one row per campaign instead of summing every campaign's facts.
// The sums hold for one IST day (campaign_windows_day): when the day turns, they are rebuilt by the
// campaign-windows job (every minute, a no-op while current) and at start-up; until then the list sums
// the facts as before, so an answer is never from the wrong day.
import { eq, sql } from 'drizzle-orm'
import type { Database, DatabaseHandle } from '../db/client'
import { campaignWindowsDay } from '../db/schema'
import { istDate } from '../rules/time'

/** True when the windows are summed for this IST day. */
export async function windowsSummedFor(db: Database, day: string): Promise<boolean> {
  const [row] = await db
    .select({ day: campaignWindowsDay.day })
    .from(campaignWindowsDay)
    .where(eq(campaignWindowsDay.id, 1))
  return row?.day === day
}

/** Rebuilds the sums when they are not for `now`'s IST day; says whether it did and how long it took. */
export async function ensureCampaignWindows(
  database: Pick<DatabaseHandle, 'db'>,
  now: Date,
): Promise<{ rebuilt: boolean; ms: number }> {
  const started = Date.now()
  const day = istDate(now)
  if (await windowsSummedFor(database.db, day)) return { rebuilt: false, ms: Date.now() - started }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select campaign_windows_rebuild(${day}::date)`)
  })
  return { rebuilt: true, ms: Date.now() - started }
}
