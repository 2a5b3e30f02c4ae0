// seller_daily (migration 0009, decision 061) is what the campaign list's totals row reads for the whole
// list: after every kind of write it must equal the facts of each advertiser's live campaigns summed per
// day. Both databases; the writes are the SQL the product's paths issue (fact upserts and deletes,
// soft delete, restore, a campaign moved to another advertiser, a hard delete).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../testing/template'
import type { DatabaseHandle } from './client'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database?.close())

const sql = async (text: string, values: unknown[] = []) => (await database.executeSql(text, values)).rows

/** Rows where the rollup and the facts disagree (either side missing counts as zero). */
async function mismatches() {
  return sql(
    `with expected as (
       select c.seller_id, p.day, sum(p.spend)::bigint as spend, sum(p.clicks)::bigint as clicks,
              sum(p.orders)::bigint as orders, sum(p.sales)::bigint as sales
         from performance_daily p join campaigns c on c.id = p.campaign_id and c.deleted_at is null
        group by c.seller_id, p.day)
     select coalesce(e.seller_id, s.seller_id) as seller_id, coalesce(e.day, s.day) as day,
            e.spend as expected_spend, s.spend as rollup_spend
       from expected e full join seller_daily s on s.seller_id = e.seller_id and s.day = e.day
      where coalesce(e.spend, 0) <> coalesce(s.spend, 0) or coalesce(e.clicks, 0) <> coalesce(s.clicks, 0)
         or coalesce(e.orders, 0) <> coalesce(s.orders, 0) or coalesce(e.sales, 0) <> coalesce(s.sales, 0)
      limit 5`,
  )
}

const sellerSpend = async (sellerId: number) =>
  Number(
    (await sql('select coalesce(sum(spend), 0) as s from seller_daily where seller_id = $1', [sellerId]))[0]
      ?.s,
  )

/** A live campaign with facts, and its seller. */
async function campaignWithFacts(offset = 0) {
  const [row] = await sql(
    `select c.id, c.seller_id from campaigns c
      where c.deleted_at is null and exists (select 1 from performance_daily p where p.campaign_id = c.id)
      order by c.id limit 1 offset $1`,
    [offset],
  )
  return { id: Number(row?.id), sellerId: Number(row?.seller_id) }
}

describe('the advertisers’ daily rollup', () => {
  it('matches the seeded facts', async () => {
    expect(Number((await sql('select count(*) as n from seller_daily'))[0]?.n)).toBeGreaterThan(0)
    expect(await mismatches()).toEqual([])
  })

  it('follows fact inserts, updates and deletes', async () => {
    const { id, sellerId } = await campaignWithFacts()
    const before = await sellerSpend(sellerId)
    const [group] = await sql('select id from ad_groups where campaign_id = $1 limit 1', [id])
    await sql(
      `insert into performance_daily (day, campaign_id, ad_group_id, keyword, clicks, spend, orders, sales)
       values ('2020-01-01', $1, $2, 'rollup probe', 3, 12345, 1, 50000),
              ('2020-01-02', $1, $2, 'rollup probe', 2, 55, 0, 0)`,
      [id, group?.id],
    )
    expect(await sellerSpend(sellerId)).toBe(before + 12345 + 55)
    await sql(
      `update performance_daily set spend = spend + 100, clicks = clicks + 1 where keyword = 'rollup probe'`,
    )
    expect(await sellerSpend(sellerId)).toBe(before + 12345 + 55 + 200)
    expect(await mismatches()).toEqual([])
    await sql(`delete from performance_daily where keyword = 'rollup probe'`)
    expect(await sellerSpend(sellerId)).toBe(before)
    expect(await mismatches()).toEqual([])
  })

  it('drops a deleted campaign’s facts, takes them back on restore, and moves them with the campaign', async () => {
    const { id, sellerId } = await campaignWithFacts(1)
    const before = await sellerSpend(sellerId)
    const own = Number(
      (await sql('select sum(spend) as s from performance_daily where campaign_id = $1', [id]))[0]?.s,
    )
    expect(own).toBeGreaterThan(0)

    await sql('update campaigns set deleted_at = now() where id = $1', [id])
    expect(await sellerSpend(sellerId)).toBe(before - own)
    expect(await mismatches()).toEqual([])

    await sql('update campaigns set deleted_at = null where id = $1', [id])
    expect(await sellerSpend(sellerId)).toBe(before)

    const [other] = await sql(
      `select id from accounts where kind = 'SELLER' and id <> $1 order by id limit 1`,
      [sellerId],
    )
    const otherId = Number(other?.id)
    const otherBefore = await sellerSpend(otherId)
    await sql('update campaigns set seller_id = $1 where id = $2', [otherId, id])
    expect(await sellerSpend(sellerId)).toBe(before - own)
    expect(await sellerSpend(otherId)).toBe(otherBefore + own)
    await sql('update campaigns set seller_id = $1 where id = $2', [sellerId, id])
    expect(await mismatches()).toEqual([])
  })

  it('takes a hard-deleted campaign’s facts out with it', async () => {
    const { id, sellerId } = await campaignWithFacts(2)
    const before = await sellerSpend(sellerId)
    const own = Number(
      (await sql('select sum(spend) as s from performance_daily where campaign_id = $1', [id]))[0]?.s,
    )
    await sql('delete from campaigns where id = $1', [id])
    expect(await sellerSpend(sellerId)).toBe(before - own)
    expect(await mismatches()).toEqual([])
  })
})
