// Each campaign's metrics over each preset date range, kept summed (migration 0010, decision 061) so the
// campaign list sorted by spend reads one row per campaign instead of summing every campaign's facts.
// The list reads the rows of one IST day (campaign_windows_day): when the day turns, they are rebuilt by the
// campaign-windows job (every minute, a no-op while current) and at start-up; until then the list sums
// the facts as before, so an answer is never from the wrong day.
import { eq } from 'drizzle-orm'
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

/** Campaigns summed (or swept) a transaction: about 100 ms a piece on the bench's data (decision 082). */
export const WINDOWS_PIECE_CAMPAIGNS = 500

/** built_through once every campaign is summed. */
const ALL_CAMPAIGNS = '9223372036854775807'

/**
 * Rebuilds the sums when they are not for `now`'s IST day, a piece at a time (migration 0018): each piece
 * its own short transaction, so the embedded database answers other requests between them, and the
 * list reads the old day's rows (for requests of the old day) until every campaign is summed for the new
 * one. A rebuild cut off (the process stopped) is taken up where it got to by the next call. Says whether
 * this call finished one and how long it took.
 */
export async function ensureCampaignWindows(
  database: Pick<DatabaseHandle, 'db' | 'executeSql'>,
  now: Date,
  piece = WINDOWS_PIECE_CAMPAIGNS,
): Promise<{ rebuilt: boolean; ms: number }> {
  const started = Date.now()
  const day = istDate(now)
  const done = (rebuilt: boolean) => ({ rebuilt, ms: Date.now() - started })
  if (await windowsSummedFor(database.db, day)) return done(false)
  /** One function call, its own transaction; its answer as text (or null). */
  const call = async (text: string, values: unknown[]) =>
    ((await database.executeSql(`select (${text})::text as "v"`, values)).rows[0] as { v: string | null })
      ?.v ?? null
  let after = await call('campaign_windows_begin($1::date, false)', [day])
  if (after === null) return done(false)
  while (after !== ALL_CAMPAIGNS) {
    after = await call('campaign_windows_piece($1::date, $2::bigint, $3::int)', [day, after, piece])
    // Given up for another day's rebuild (another process with a later clock).
    if (after === null) return done(false)
  }
  if ((await call('campaign_windows_finish($1::date)', [day])) !== 'true') return done(false)
  // The other days' rows, no longer read.
  for (let swept: string | null = '-1'; swept !== null && swept !== ALL_CAMPAIGNS; )
    swept = await call('campaign_windows_sweep($1::date, $2::bigint, $3::int)', [day, swept, piece])
  return done(true)
}
