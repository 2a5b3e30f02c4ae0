// seller_campaign_states (migration 0015, decision 079) is what the home stats and the campaign list's
// total read: after every kind of write to campaigns it must equal each advertiser's live campaigns
// counted by state. Both databases; the writes are statements of the shapes the product's paths issue
// (one row or several in one statement: create, state changes, pause and play, soft delete, restore, a
// campaign moved to another advertiser, a hard delete of drafts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { probeCampaigns } from '../testing/probe-campaigns'

const PROBE = 'states probe'
const probe = probeCampaigns(PROBE)
const { sql, probeIds } = probe

/** (advertiser, state) pairs where the kept count and a count of the campaigns disagree (missing = 0). */
async function mismatches() {
  return sql(
    `with expected as (
       select seller_id, coalesce(state, 0) as state, count(*)::int as live
         from campaigns where deleted_at is null group by 1, 2)
     select coalesce(e.seller_id, s.seller_id) as seller_id, coalesce(e.state, s.state) as state,
            e.live as expected, s.live as kept
       from expected e full join seller_campaign_states s on s.seller_id = e.seller_id and s.state = e.state
      where coalesce(e.live, 0) <> coalesce(s.live, 0)
      limit 5`,
  )
}

async function insertCampaigns(sellerId: number, states: (number | null)[], deleted: boolean) {
  await sql(
    `insert into campaigns (jmcampaign_id, name, seller_id, campaign_class, state, start_time, deleted_at)
     select nextval('jm_campaign_id_seq'), $1, $2, 'Sponsored', s, now(), case when $4 then now() end
       from unnest($3::smallint[]) as s`,
    [PROBE, sellerId, states, deleted],
  )
}

const state = fc.option(fc.integer({ min: 1, max: 9 }), { nil: null })
const picks = fc.array(fc.nat(), { minLength: 1, maxLength: 4 })
const write = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    seller: fc.nat(1),
    states: fc.array(state, { minLength: 1, maxLength: 4 }),
    deleted: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('state' as const), picks, state }),
  fc.record({ kind: fc.constant('delete' as const), picks }),
  fc.record({ kind: fc.constant('restore' as const), picks }),
  fc.record({ kind: fc.constant('move' as const), picks, seller: fc.nat(1) }),
  fc.record({ kind: fc.constant('edit' as const), picks }),
  fc.record({ kind: fc.constant('remove' as const), picks }),
)

type Write = typeof write extends fc.Arbitrary<infer T> ? T : never

async function apply(step: Write) {
  if (step.kind === 'insert') return insertCampaigns(probe.sellers[step.seller]!, step.states, step.deleted)
  const ids = await probeIds(step.picks)
  if (ids.length === 0) return
  const statement = {
    state: `update campaigns set state = $2 where id = any($1::bigint[])`,
    delete: `update campaigns set deleted_at = now() where id = any($1::bigint[])`,
    restore: `update campaigns set deleted_at = null where id = any($1::bigint[])`,
    move: `update campaigns set seller_id = $2 where id = any($1::bigint[])`,
    edit: `update campaigns set budget_daily_limit = budget_daily_limit + 1 where id = any($1::bigint[])`,
    remove: `delete from campaigns where id = any($1::bigint[])`,
  }[step.kind]
  const extra =
    step.kind === 'state' ? [step.state] : step.kind === 'move' ? [probe.sellers[step.seller]] : []
  await sql(statement, [ids, ...extra])
}

describe('the advertisers’ live campaigns by state', () => {
  it('match the seeded campaigns', async () => {
    expect(Number((await sql('select count(*) as n from seller_campaign_states'))[0]?.n)).toBeGreaterThan(0)
    expect(await mismatches()).toEqual([])
  })

  it('follow every kind of write, one campaign or several in a statement', async () => {
    await probe.keptThroughEveryRun(write, apply, mismatches)
  })

  it('stay as they were after an edit that moves no campaign between states', async () => {
    await insertCampaigns(probe.sellers[0]!, [1, 2], false)
    const before = await sql(`select seller_id, state, live from seller_campaign_states order by 1, 2`)
    await sql(`update campaigns set name = name || ' edited' where name = $1`, [PROBE])
    expect(await sql(`select seller_id, state, live from seller_campaign_states order by 1, 2`)).toEqual(
      before,
    )
    await sql(`delete from campaigns where name = $1`, [`${PROBE} edited`])
    expect(await mismatches()).toEqual([])
  })
})
