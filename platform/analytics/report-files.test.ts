import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthContext } from '../auth/authorize'
import { ownerAuth } from './report-entities'
import { resolveReport } from './report-engine'
import { reportFileExists, reportFilePath, storedReportFile, writeReportCsv } from './report-files'
import { createTestPlatform, type TestPlatform } from '../testing/platform'

const entityId = '1b4e28ba-2fa1-41d2-883f-0016d3cca427'

describe('report file paths', () => {
  it('names a run’s file under reports/<entity>/<run>.csv and refuses anything else', () => {
    expect(reportFilePath(entityId, 7)).toBe(path.join('reports', entityId, '7.csv'))
    expect(() => reportFilePath('../../etc', 7)).toThrow()
    expect(() => reportFilePath(entityId, 0)).toThrow()
  })

  it('reads stored paths only inside <dataDir>/reports', () => {
    expect(storedReportFile('/data', `reports/${entityId}/7.csv`)).toBe(`/data/reports/${entityId}/7.csv`)
    expect(storedReportFile('/data', '../secrets.csv')).toBeNull()
    expect(storedReportFile('/data', 'reports/../agency-documents/x.pdf')).toBeNull()
    expect(storedReportFile('/data', '/etc/passwd')).toBeNull()
  })
})

describe('writeReportCsv', () => {
  let t: TestPlatform
  let dataDir: string
  let auth: AuthContext
  beforeAll(async () => {
    t = await createTestPlatform()
    dataDir = await mkdtemp(path.join(tmpdir(), 'report-files-'))
    auth = (await ownerAuth(t.db, (await t.userByEmail('seller@example.com')).id))!
  })
  afterAll(async () => {
    await t.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('writes the header and every row (CRLF), leaves no temporary file, and counts the rows', async () => {
    const report = await resolveReport(
      t.db,
      auth,
      100001,
      {
        reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
        isRegenerate: false,
        isDefault: false,
        dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null },
        reportMetaData: { isSaved: true },
        dimensionFields: { date: true, campaign_id: true },
        metricFields: { clicks: true },
        filters: null,
        scheduleDetails: null,
      },
      t.deps.now(),
    )
    const result = await writeReportCsv({ dataDir }, t.db, report, { entityId, runId: 3 })
    expect(result.filePath).toBe(path.join('reports', entityId, '3.csv'))
    const text = await readFile(path.join(dataDir, result.filePath), 'utf8')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('Date,Campaign ID,Clicks')
    expect(lines.at(-1)).toBe('')
    expect(lines.length - 2).toBe(result.rows)
    expect(result.rows).toBeGreaterThan(30)
    expect(await readdir(path.join(dataDir, 'reports', entityId))).toEqual(['3.csv'])
    expect(await reportFileExists(dataDir, result.filePath)).toBe(true)
    expect(await reportFileExists(dataDir, null)).toBe(false)
  })
})
