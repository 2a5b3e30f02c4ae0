// What the inventory service's tests share: a platform per test file with the demo users' tokens, and
// small helpers to find, make and read campaigns. Used by tests only.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { campaigns } from '../db/schema'
import { createTestPlatform, type TestPlatform } from '../testing/platform'

export type CampaignTestContext = {
  t: TestPlatform
  /** seller@example.com: account 100001. */
  seller: string
  /** brand@example.com: account 200001. */
  brand: string
  /** agency@example.com: linked to brand 200001. */
  agency: string
  ops: string
}

/**
 * A fresh platform for the test file (made before its tests, closed after them) with the tokens of
 * the demo seller, brand, agency and ops user. Read it inside tests: `const { t, seller } = ctx`.
 */
export function campaignTestPlatform(): CampaignTestContext {
  const ctx = {} as CampaignTestContext
  beforeAll(async () => {
    const t = await createTestPlatform()
    Object.assign(ctx, {
      t,
      seller: await t.tokenFor('seller@example.com'),
      brand: await t.tokenFor('brand@example.com'),
      agency: await t.tokenFor('agency@example.com'),
      ops: await t.tokenFor('ops@example.com'),
    })
  })
  afterAll(async () => {
    await ctx.t.close()
  })
  return ctx
}

/** A query string of request parameters. */
export const queryString = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()

/** A campaign name as typed, from the base64 the API carries. */
export const decodeName = (name: string) => Buffer.from(name, 'base64').toString('utf8')

/** The first campaign of an advertiser (deleted ones included) that matches; throws if there is none. */
export async function findCampaign(
  t: TestPlatform,
  sellerId: number,
  where: (c: typeof campaigns.$inferSelect) => boolean,
) {
  const rows = await t.db.select().from(campaigns).where(eq(campaigns.sellerId, sellerId))
  const found = rows.find(where)
  if (!found) throw new Error('no such seeded campaign')
  return found
}

/** Inserts a submitted, running Sponsored campaign of seller 100001 that started a day ago, as overridden. */
export async function insertCampaign(
  t: TestPlatform,
  values: Partial<typeof campaigns.$inferInsert> & { jmcampaignId: number; name: string },
) {
  const [campaign] = await t.db
    .insert(campaigns)
    .values({
      sellerId: 100001,
      campaignClass: 'Sponsored',
      state: 1,
      status: 1,
      submission: 'SUBMITTED',
      startTime: new Date(t.deps.now().getTime() - 86_400_000),
      ...values,
    })
    .returning()
  return campaign!
}
