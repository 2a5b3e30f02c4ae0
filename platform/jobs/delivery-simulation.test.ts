// The demo-mode job and `npm run simulate`: what hours they play.
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main as simulateCli } from '../../scripts/simulate'
import { istHourStart, simulateDelivery } from '../analytics/simulator'
import { performanceFacts } from '../db/schema'
import { addDays, istDate } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'
import { deliverySimulation, lastSimulatedHourEnd } from './delivery-simulation'

const HOUR_MS = 3_600_000
let t: TestPlatform
beforeAll(async () => {
  t = await createTestPlatform()
})
afterAll(async () => {
  await t.close()
})

const simulatorFacts = async () =>
  Number(
    (
      await t.db
        .select({ n: sql<string>`count(*)` })
        .from(performanceFacts)
        .where(eq(performanceFacts.source, 'SIMULATOR'))
    )[0]!.n,
  )

describe('delivery-simulation job', () => {
  it('does nothing outside demo mode', async () => {
    expect(await deliverySimulation.run({ ...t.deps, demoMode: false })).toEqual({ skipped: 'not demo mode' })
    expect(await simulatorFacts()).toBe(0)
  })

  it('in demo mode plays the last hour, then only the hours that ended since, at most a day', async () => {
    const deps = { ...t.deps, demoMode: true }
    const now = t.deps.now()
    const first = (await deliverySimulation.run(deps)) as { hours: number }
    expect(first.hours).toBe(1)
    expect(await lastSimulatedHourEnd(t.db)).toEqual(istHourStart(now))
    // Again before another hour has ended: nothing to play.
    const again = (await deliverySimulation.run({ ...deps, now: () => istHourStart(now) })) as {
      hours: number
    }
    expect(again.hours).toBe(0)
    const later = new Date(istHourStart(now).getTime() + 3 * HOUR_MS + 60_000)
    const three = (await deliverySimulation.run({ ...deps, now: () => later })) as { hours: number }
    expect(three.hours).toBe(3)
    // Two days later: one day's worth, not two.
    const away = new Date(later.getTime() + 48 * HOUR_MS)
    const capped = (await deliverySimulation.run({ ...deps, now: () => away })) as { hours: number }
    expect(capped.hours).toBe(24)
    expect(await simulatorFacts()).toBeGreaterThan(0)
  }, 60_000)
})

describe('npm run simulate', () => {
  it('checks its arguments and plays the days asked for', async () => {
    const out: string[] = []
    const err: string[] = []
    const io = {
      db: t.db,
      now: t.deps.now(),
      out: (l: string) => out.push(l),
      err: (l: string) => err.push(l),
    }
    expect(await simulateCli(['--days', '0'], io)).toBe(2)
    expect(await simulateCli(['--from', '2026-02-30'], io)).toBe(2)
    expect(await simulateCli(['--from', addDays(istDate(io.now), -4)], io)).toBe(1)
    expect(err.at(-1)).toMatch(/^--from must be /)
    expect(await simulateCli(['--days', '1', '--from', addDays(istDate(io.now), 3)], io)).toBe(0)
    expect(out[0]).toMatch(/^Simulated 24 hours .* clicks, spend ₹\d+\.\d\d, \d+ fact rows/)
  }, 60_000)
})

describe('determinism', () => {
  it('the same seed over the same data writes the same facts', async () => {
    const runOnce = async (seed: number) => {
      const p = await createTestPlatform()
      try {
        const to = istHourStart(p.deps.now())
        p.setNow(to)
        await simulateDelivery(p.db, {
          from: new Date(to.getTime() - 3 * HOUR_MS),
          to,
          seed,
          applyStates: false,
        })
        const result =
          await p.db.execute(sql`select day, hour, campaign_id, ad_group_id, keyword, product_id, placement,
            impressions, clicks, spend, orders, units, sales from performance_facts
            order by campaign_id, day, ad_group_id, keyword, product_id, placement, hour`)
        return (result as unknown as { rows: unknown[] }).rows
      } finally {
        await p.close()
      }
    }
    const first = await runOnce(7)
    expect(first.length).toBeGreaterThan(0)
    expect(await runOnce(7)).toEqual(first)
    expect(await runOnce(8)).not.toEqual(first)
  }, 60_000)
})
