// seller_spend (migration 0016, decision 080) is what available credit reads as an advertiser's spend:
// after every kind of write that changes campaign_spend it must equal the sum of that advertiser's
// campaign_spend rows. Both databases; the writes are statements of the shapes the product's paths issue
// (facts inserted, upserted, corrected and deleted, one campaign or several in a statement; campaigns
// soft-deleted, moved to another advertiser, hard-deleted with their facts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { availableCredit, creditParts } from '../payments/credits'
import { probeCampaigns } from '../testing/probe-campaigns'

const PROBE = 'spend probe'
const probe = probeCampaigns(PROBE)
const { sql, probeIds } = probe

/** Advertisers whose kept spend and the sum of their campaign_spend rows disagree (missing = 0). */
async function mismatches() {
  return sql(
    `with expected as (select seller_id, sum(spend)::bigint as spend from campaign_spend group by 1)
     select coalesce(e.seller_id, s.seller_id) as seller_id, e.spend as expected, s.spend as kept
       from expected e full join seller_spend s on s.seller_id = e.seller_id
      where coalesce(e.spend, 0) <> coalesce(s.spend, 0)
      limit 5`,
  )
}

async function insertCampaigns(sellerId: number, count: number) {
  await sql(
    `with made as (
       insert into campaigns (jmcampaign_id, name, seller_id, campaign_class, state, start_time)
       select nextval('jm_campaign_id_seq'), $1, $2, 'Sponsored', 1, now() from generate_series(1, $3)
       returning id, jmcampaign_id)
     insert into ad_groups (jm_adgroup_id, campaign_id, name) select jmcampaign_id, id, 'Ad group 1' from made`,
    [PROBE, sellerId, count],
  )
}

const picks = fc.array(fc.nat(), { minLength: 1, maxLength: 4 })
const spend = fc.integer({ min: 0, max: 50_000 })
const write = fc.oneof(
  fc.record({
    kind: fc.constant('campaigns' as const),
    seller: fc.nat(1),
    count: fc.integer({ min: 1, max: 3 }),
  }),
  // The rollup job's shape: one statement of facts for several campaigns and days, added onto any there are.
  fc.record({ kind: fc.constant('facts' as const), picks, day: fc.integer({ min: 0, max: 2 }), spend }),
  fc.record({ kind: fc.constant('correct' as const), picks, delta: fc.integer({ min: -500, max: 500 }) }),
  fc.record({ kind: fc.constant('forget' as const), picks }),
  fc.record({ kind: fc.constant('delete' as const), picks }),
  fc.record({ kind: fc.constant('move' as const), picks, seller: fc.nat(1) }),
  fc.record({ kind: fc.constant('remove' as const), picks }),
)

type Write = typeof write extends fc.Arbitrary<infer T> ? T : never

async function apply(step: Write) {
  if (step.kind === 'campaigns') return insertCampaigns(probe.sellers[step.seller]!, step.count)
  const ids = await probeIds(step.picks)
  if (ids.length === 0) return
  if (step.kind === 'facts') {
    await sql(
      `insert into performance_daily (day, campaign_id, ad_group_id, keyword, clicks, spend)
       select current_date - $2::int, a.campaign_id, a.id, 'probe', 1, $3
         from ad_groups a where a.campaign_id = any($1::bigint[])
       on conflict (campaign_id, day, ad_group_id, keyword, product_id, placement)
       do update set spend = performance_daily.spend + excluded.spend, clicks = performance_daily.clicks + 1`,
      [ids, step.day, step.spend],
    )
    return
  }
  const statement = {
    correct: `update performance_daily set spend = greatest(spend + $2, 0) where campaign_id = any($1::bigint[])`,
    forget: `delete from performance_daily where campaign_id = any($1::bigint[])`,
    delete: `update campaigns set deleted_at = now() where id = any($1::bigint[])`,
    move: `update campaigns set seller_id = $2 where id = any($1::bigint[])`,
    remove: `delete from campaigns where id = any($1::bigint[])`,
  }[step.kind]
  const extra =
    step.kind === 'correct' ? [step.delta] : step.kind === 'move' ? [probe.sellers[step.seller]] : []
  await sql(statement, [ids, ...extra])
}

describe('the advertisers’ kept spend', () => {
  it('matches the seeded spend, and available credit reads it', async () => {
    const [spender] = await sql(
      `select seller_id, sum(spend)::bigint as spend from campaign_spend group by 1 having sum(spend) > 0 limit 1`,
    )
    expect(spender).toBeDefined()
    expect(await mismatches()).toEqual([])
    const parts = await creditParts(probe.database.db, Number(spender!.seller_id), new Date())
    expect(parts.spend).toBe(Number(spender!.spend))
  })

  it('follows every kind of write, one campaign or several in a statement', async () => {
    await probe.keptThroughEveryRun(write, apply, mismatches)
  })

  it('lowers available credit by what a new fact spends, deleted campaigns included', async () => {
    const seller = probe.sellers[0]!
    const now = new Date()
    const before = await availableCredit(probe.database.db, seller, now)
    await insertCampaigns(seller, 1)
    const [id] = await probeIds([0])
    await apply({ kind: 'facts', picks: [0], day: 0, spend: 1234 })
    await apply({ kind: 'delete', picks: [0] })
    expect(await availableCredit(probe.database.db, seller, now)).toBe(before - 1234)
    await sql(`delete from campaigns where id = $1`, [id])
    expect(await availableCredit(probe.database.db, seller, now)).toBe(before)
    expect(await mismatches()).toEqual([])
  })
})
