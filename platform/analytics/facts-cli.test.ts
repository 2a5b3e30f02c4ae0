// npm run facts:import: the same ingest as the endpoint, on a test database, through the script's main.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../scripts/facts-import'
import { FACT_CSV_HEADER } from '../contracts/analytics'
import { adGroups, keywordTargets, performanceFacts } from '../db/schema'
import { addDays, istDate } from '../rules/time'
import { createTestPlatform, type TestPlatform } from '../testing/platform'

let t: TestPlatform
let dir: string
let line: (hour: string, extra?: { orders?: string }) => string
const now = new Date(`${istDate(new Date())}T10:00:00Z`)
beforeAll(async () => {
  t = await createTestPlatform({ now })
  dir = mkdtempSync(path.join(tmpdir(), 'facts-cli-'))
  const [target] = await t.db
    .select({
      campaignId: adGroups.campaignId,
      adGroupId: keywordTargets.adGroupId,
      keyword: keywordTargets.keyword,
    })
    .from(keywordTargets)
    .innerJoin(adGroups, eq(adGroups.id, keywordTargets.adGroupId))
    .orderBy(keywordTargets.id)
    .limit(1)
  const day = addDays(istDate(now), -2)
  line = (hour, extra = {}) =>
    [
      day,
      hour,
      target!.campaignId,
      target!.adGroupId,
      `"${target!.keyword}"`,
      '',
      'SEARCH',
      500,
      10,
      '55.50',
      extra.orders ?? 1,
      1,
      '450',
    ].join(',')
})
afterAll(async () => {
  await t.close()
})

function run(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  return main(args, { db: t.db, now, out: (l) => out.push(l), err: (l) => err.push(l) }).then((code) => ({
    code,
    out,
    err,
  }))
}
const file = (name: string, lines: string[]) => {
  const target = path.join(dir, name)
  writeFileSync(target, `${[FACT_CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`)
  return target
}
const cliFacts = async () =>
  Number(
    (
      await t.db
        .select({ n: sql<string>`count(*)` })
        .from(performanceFacts)
        .where(and(eq(performanceFacts.source, 'CLI')))
    )[0]!.n,
  )

describe('npm run facts:import', () => {
  it('ingests a file and prints the counts; the same file again replaces the rows', async () => {
    const csv = file('good.csv', [line('3'), line('4')])
    const first = await run([csv])
    expect(first).toMatchObject({ code: 0, err: [] })
    expect(first.out[0]).toMatch(
      /^2 rows ingested from .*good\.csv: 2 new, 0 replaced; days \d{4}-\d{2}-\d{2}$/,
    )
    const again = await run([csv])
    expect(again.code).toBe(0)
    expect(again.out[0]).toContain('0 new, 2 replaced')
    expect(await cliFacts()).toBe(2)
  })

  it('prints the refused rows and exits 1, writing nothing', async () => {
    const before = await cliFacts()
    const refused = await run([file('bad.csv', [line('5'), line('6', { orders: '11' })])])
    expect(refused.code).toBe(1)
    expect(refused.err).toEqual([
      expect.stringMatching(/^1 row was refused; nothing was written \(.*bad\.csv\):$/),
      '  row 3, orders: Orders cannot exceed clicks',
    ])
    expect(await cliFacts()).toBe(before)
    const header = path.join(dir, 'header.csv')
    writeFileSync(header, 'date,clicks\n2026-01-01,1\n')
    expect((await run([header])).code).toBe(1)
    expect((await run([path.join(dir, 'missing.csv')])).err[0]).toMatch(/^Cannot read /)
    expect((await run([])).code).toBe(2)
  })
})
