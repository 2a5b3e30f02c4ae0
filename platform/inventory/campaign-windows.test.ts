// The campaign list sorted by spend reads kept per-campaign sums for the preset ranges (decision 061).
// Whatever path answers, the rows must be the ones summing the facts gives: for every preset, after the
// sums are built, after facts are inserted, changed and removed, and when the IST day has turned and the
// sums are not rebuilt yet. Both databases.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CampaignFilterQuery } from '../contracts/inventory'
import { SUMMED_WINDOWS } from '../db/schema'
import { addDays, istDate } from '../rules/time'
import { dateRange, listCampaigns } from './campaign-list'
import { ensureCampaignWindows, windowsSummedFor } from './campaign-windows'
import { campaignTestPlatform } from './test-support'

const ctx = campaignTestPlatform()
const SELLER = 100001

/** Raw SQL on the test database: its rows. */
const rowsOf = async <T>(text: string, values: unknown[] = []) =>
  (await ctx.t.deps.database.executeSql(text, values)).rows as T[]

/** A fact row of a campaign's first ad group on `day`, marked by `keyword` for the test to remove it. */
async function writeFact(
  campaignId: number | undefined,
  day: string,
  keyword: string,
  metrics: { spend: number; clicks?: number; orders?: number; sales?: number },
) {
  const [group] = await rowsOf<{ id: number }>('select id from ad_groups where campaign_id = $1 limit 1', [
    campaignId,
  ])
  const { spend, clicks = 1, orders = 1, sales = 1 } = metrics
  await rowsOf(
    `insert into performance_daily (day, campaign_id, ad_group_id, keyword, clicks, spend, orders, sales)
     values ($1::date, $2, $3, $4, $5, $6, $7, $8)`,
    [day, campaignId, group?.id, keyword, clicks, spend, orders, sales],
  )
}

const query = (dateFilterType: CampaignFilterQuery['dateFilterType'], direction: 'asc' | 'desc' = 'desc') =>
  ({ dateFilterType, status: 'ALL', sort: 'spend', direction }) as CampaignFilterQuery

/** Every campaign's row sorted by spend, from whichever path the list takes now. */
const listed = async (
  dateFilterType: CampaignFilterQuery['dateFilterType'],
  direction: 'asc' | 'desc' = 'desc',
) => (await listCampaigns(ctx.t.db, SELLER, query(dateFilterType, direction), ctx.t.deps.now())).rows

/** The same rows with the kept sums out of play (the day row set to another day), then put back. */
async function listedFromFacts(
  dateFilterType: CampaignFilterQuery['dateFilterType'],
  direction: 'asc' | 'desc' = 'desc',
) {
  const [row] = await rowsOf<{ day: string }>('select day::text as day from campaign_windows_day')
  await ctx.t.db.execute(sql`update campaign_windows_day set day = '2000-01-01'`)
  try {
    return await listed(dateFilterType, direction)
  } finally {
    await rowsOf('update campaign_windows_day set day = $1::date', [row?.day])
  }
}

describe('kept sums of the preset date ranges', () => {
  it('has the ranges the list uses, for any day (month and year turns, leap day)', async () => {
    for (const day of ['2026-11-24', '2026-12-01', '2027-01-01', '2028-03-01', '2028-02-29']) {
      const now = new Date(`${day}T12:00:00+05:30`)
      expect(istDate(now)).toBe(day)
      for (const filter of SUMMED_WINDOWS) {
        const [row] = await rowsOf<{ from: string; to: string }>(
          `select campaign_window_from($1, $2::date)::text as "from", campaign_window_to($1, $2::date)::text as "to"`,
          [filter, day],
        )
        expect(row, `${filter} on ${day}`).toEqual(dateRange({ dateFilterType: filter }, now))
      }
    }
  })

  it('are built once per IST day', async () => {
    const now = ctx.t.deps.now()
    expect(await windowsSummedFor(ctx.t.db, istDate(now))).toBe(false)
    expect((await ensureCampaignWindows(ctx.t.deps.database, now)).rebuilt).toBe(true)
    expect(await windowsSummedFor(ctx.t.db, istDate(now))).toBe(true)
    expect((await ensureCampaignWindows(ctx.t.deps.database, now)).rebuilt).toBe(false)
  })

  it('rebuild to the rows the facts give for each preset, on any day (migration 0017 against 0010)', async () => {
    // 0010's formulation, kept here as the reference: each fact row joined to every preset holding it.
    const fromFacts = (day: string) =>
      rowsOf(
        `select p.campaign_id::text as campaign, w.f as filter, sum(p.spend)::text as spend,
           sum(p.clicks)::text as clicks, sum(p.orders)::text as orders, sum(p.sales)::text as sales
         from (values ('TODAY'), ('LAST_1D'), ('LAST_7D'), ('LAST_30D'), ('CURRENT_MONTH')) w(f)
         join performance_daily p
           on p.day between campaign_window_from(w.f, $1::date) and campaign_window_to(w.f, $1::date)
         group by 1, 2 order by 1, 2`,
        [day],
      )
    const kept = () =>
      rowsOf(
        `select campaign_id::text as campaign, date_filter as filter, spend::text as spend,
           clicks::text as clicks, orders::text as orders, sales::text as sales
         from campaign_windows order by 1, 2`,
      )
    const today = istDate(ctx.t.deps.now())
    const firstOfMonth = `${today.slice(0, 8)}01`
    const days = [today, addDays(today, -3), firstOfMonth, addDays(firstOfMonth, -1), addDays(today, 40)]
    const filtersSeen = new Set<unknown>()
    for (const day of days) {
      await rowsOf('select campaign_windows_rebuild($1::date)', [day])
      const expected = await fromFacts(day)
      for (const row of expected) filtersSeen.add((row as { filter: unknown }).filter)
      expect(await kept(), day).toEqual(expected)
    }
    // The seed's facts reach every preset on some day (the comparison is not of empty tables).
    expect([...filtersSeen].sort()).toEqual([...SUMMED_WINDOWS].sort())
    await rowsOf('select campaign_windows_rebuild($1::date)', [today])
  })

  it('list every preset exactly as summing the facts does, both directions', async () => {
    for (const filter of SUMMED_WINDOWS) {
      const fromFacts = await listedFromFacts(filter)
      expect(fromFacts.length).toBeGreaterThan(0)
      expect(await listed(filter), filter).toEqual(fromFacts)
      expect(await listed(filter, 'asc'), `${filter} asc`).toEqual(await listedFromFacts(filter, 'asc'))
    }
    // The seed delivers: the sums are not all zero.
    expect((await listed('LAST_30D'))[0]?.spend).toBeGreaterThan(0)
  })

  it('follow facts written, changed and removed on any day of a range', async () => {
    const today = istDate(ctx.t.deps.now())
    const [target] = await listed('LAST_30D', 'asc')
    const days = [today, addDays(today, -1), addDays(today, -7), addDays(today, -30), addDays(today, -31)]
    for (const day of days) {
      await writeFact(target?.id, day, 'windows probe', {
        spend: 987654321,
        clicks: 5,
        orders: 2,
        sales: 1234567890,
      })
    }
    await ctx.t.db.execute(
      sql`update performance_daily set spend = spend * 2 where keyword = 'windows probe' and day = ${today}::date`,
    )
    await ctx.t.db.execute(
      sql`delete from performance_daily where keyword = 'windows probe' and day = ${addDays(today, -7)}::date`,
    )
    for (const filter of SUMMED_WINDOWS) {
      expect(await listed(filter), filter).toEqual(await listedFromFacts(filter))
    }
    // The campaign with the least spend now leads the list for the last 30 days.
    expect((await listed('LAST_30D'))[0]?.id).toBe(target?.id)
    await ctx.t.db.execute(sql`delete from performance_daily where keyword = 'windows probe'`)
    expect(await listed('LAST_30D')).toEqual(await listedFromFacts('LAST_30D'))
  })

  it('are not answered when they turn out to be for the next day (a request straddling IST midnight)', async () => {
    const now = ctx.t.deps.now()
    const today = istDate(now)
    const tomorrow = new Date(now.getTime() + 24 * 3600_000)
    const [least] = await listed('LAST_1D', 'asc')
    // Today's facts make the campaign with the least spend yesterday lead tomorrow's LAST_1D.
    await writeFact(least?.id, today, 'midnight probe', { spend: 987654321 })
    try {
      await ensureCampaignWindows(ctx.t.deps.database, now)
      const expected = await listedFromFacts('LAST_1D')
      // The list has seen today's sums: its next request tries them first.
      expect(await listed('LAST_1D')).toEqual(expected)
      // The day turns and the sums are rebuilt for it before a request of today reaches the database.
      expect((await ensureCampaignWindows(ctx.t.deps.database, tomorrow)).rebuilt).toBe(true)
      // That request is answered from today's facts, not from tomorrow's sums
      expect(await listed('LAST_1D')).toEqual(expected)
      // which differ: tomorrow's LAST_1D is today.
      const tomorrowsSums = await listCampaigns(ctx.t.db, SELLER, query('LAST_1D'), tomorrow)
      expect(tomorrowsSums.rows[0]?.id).toBe(least?.id)
      expect(expected[0]?.id).not.toBe(least?.id)
    } finally {
      await ctx.t.db.execute(sql`delete from performance_daily where keyword = 'midnight probe'`)
      await rowsOf('select campaign_windows_rebuild($1::date)', [today])
    }
  })

  it('are not read once the day has turned: the list sums the facts until they are rebuilt', async () => {
    const tomorrow = new Date(ctx.t.deps.now().getTime() + 24 * 3600_000)
    const rows = await listCampaigns(ctx.t.db, SELLER, query('LAST_1D'), tomorrow)
    expect(await windowsSummedFor(ctx.t.db, istDate(tomorrow))).toBe(false)
    // Yesterday as seen tomorrow is today: the rows carry today's facts, not the kept LAST_1D sums.
    expect(rows).toEqual(await listCampaigns(ctx.t.db, SELLER, query('TODAY'), ctx.t.deps.now()))
    expect((await ensureCampaignWindows(ctx.t.deps.database, tomorrow)).rebuilt).toBe(true)
    expect(await listCampaigns(ctx.t.db, SELLER, query('LAST_1D'), tomorrow)).toEqual(rows)
  })

  describe('rebuilt in pieces (decision 082)', () => {
    /** Every kept row of `day`, and how many rows of other days there are. */
    const keptOf = async (day: string) => ({
      rows: await rowsOf(
        `select campaign_id::text as campaign, date_filter as filter, spend::text as spend,
           clicks::text as clicks, orders::text as orders, sales::text as sales
         from campaign_windows where day = $1::date order by 1, 2`,
        [day],
      ),
      others: Number(
        (
          await rowsOf<{ n: string }>(
            'select count(*)::text as n from campaign_windows where day <> $1::date',
            [day],
          )
        )[0]?.n,
      ),
    })
    /** The rows the one-statement rebuild gives for `day` (then put back as they were: rebuilt for `back`). */
    const reference = async (day: string, back: string) => {
      await rowsOf('select campaign_windows_rebuild($1::date)', [day])
      const rows = (await keptOf(day)).rows
      await rowsOf('select campaign_windows_rebuild($1::date)', [back])
      return rows
    }
    const dayRow = async () =>
      (
        await rowsOf<{ day: string | null; building: string | null; through: string | null }>(
          'select day::text as day, building::text as building, built_through::text as through from campaign_windows_day',
        )
      )[0]
    it('give the rows the one-statement rebuild gives, and leave no other day behind', async () => {
      const now = ctx.t.deps.now()
      const today = istDate(now)
      const tomorrow = new Date(now.getTime() + 24 * 3600_000)
      await rowsOf('select campaign_windows_rebuild($1::date)', [today])
      const expected = await reference(istDate(tomorrow), today)
      expect(expected.length).toBeGreaterThan(0)
      const campaignCount = Number(
        (await rowsOf<{ n: string }>('select count(*)::text as n from campaigns'))[0]?.n,
      )
      expect(campaignCount).toBeGreaterThan(6)
      // Three campaigns a piece: several pieces.
      expect((await ensureCampaignWindows(ctx.t.deps.database, tomorrow, 3)).rebuilt).toBe(true)
      expect(await keptOf(istDate(tomorrow))).toEqual({ rows: expected, others: 0 })
      expect(await dayRow()).toEqual({ day: istDate(tomorrow), building: null, through: null })
      await rowsOf('select campaign_windows_rebuild($1::date)', [today])
    })

    it('follow facts written between the pieces, and the old day is read until the new one is whole', async () => {
      const now = ctx.t.deps.now()
      const today = istDate(now)
      const tomorrowAt = new Date(now.getTime() + 24 * 3600_000)
      const tomorrow = istDate(tomorrowAt)
      await rowsOf('select campaign_windows_rebuild($1::date)', [today])
      const ids = (await rowsOf<{ id: number }>('select id from campaigns order by id')).map((r) => r.id)
      const before = await listedFromFacts('LAST_7D')
      try {
        expect(await rowsOf('select campaign_windows_begin($1::date, false)::text as v', [tomorrow])).toEqual(
          [{ v: '-1' }],
        )
        const [first] = await rowsOf<{ v: string }>(
          'select campaign_windows_piece($1::date, -1, 3)::text as v',
          [tomorrow],
        )
        expect(first?.v).toBe(String(ids[2]))
        // A fact of a campaign already summed for tomorrow, and one of a campaign not summed yet: both
        // today, so in today's LAST_7D tomorrow.
        await writeFact(ids[0], today, 'pieces probe', { spend: 111_111_111 })
        await writeFact(ids[ids.length - 1], today, 'pieces probe', { spend: 222_222_222 })
        // Meanwhile the list of today reads today's rows, which followed the facts too.
        expect(await dayRow()).toMatchObject({ day: today, building: tomorrow, through: String(ids[2]) })
        expect(await listed('TODAY')).toEqual(await listedFromFacts('TODAY'))
        // And a request of tomorrow sums the facts (tomorrow's rows are not whole).
        expect((await listCampaigns(ctx.t.db, SELLER, query('LAST_7D'), tomorrowAt)).rows).toEqual(
          (
            await listCampaigns(
              ctx.t.db,
              SELLER,
              { ...query('CUSTOM'), fromDate: addDays(tomorrow, -7), toDate: today },
              now,
            )
          ).rows,
        )
        // The rest, taken up where the first piece got to.
        expect((await ensureCampaignWindows(ctx.t.deps.database, tomorrowAt, 3)).rebuilt).toBe(true)
        const kept = await keptOf(tomorrow)
        expect(kept).toEqual({ rows: await reference(tomorrow, tomorrow), others: 0 })
        expect(kept.rows).toContainEqual(
          expect.objectContaining({ campaign: String(ids[0]), filter: 'LAST_1D' }),
        )
      } finally {
        await rowsOf(`delete from performance_daily where keyword = 'pieces probe'`)
        await rowsOf('select campaign_windows_rebuild($1::date)', [today])
      }
      expect(await listedFromFacts('LAST_7D')).toEqual(before)
    })

    it('never go back to an earlier day (a process whose clock lags)', async () => {
      const now = ctx.t.deps.now()
      const today = istDate(now)
      const tomorrow = new Date(now.getTime() + 24 * 3600_000)
      await rowsOf('select campaign_windows_rebuild($1::date)', [istDate(tomorrow)])
      try {
        expect((await ensureCampaignWindows(ctx.t.deps.database, now)).rebuilt).toBe(false)
        expect(await dayRow()).toEqual({ day: istDate(tomorrow), building: null, through: null })
      } finally {
        await rowsOf('select campaign_windows_rebuild($1::date)', [today])
      }
    })
  })
})
