import { describe, expect, it } from 'vitest'
import {
  REPORT_EMAIL_PATTERN,
  ReportMessages,
  type ReportRequest,
  reportRequestSchema,
} from '../contracts/analytics'
import {
  cleanRecipients,
  formDates,
  isRegenerateFor,
  isReportEmail,
  isSavedFor,
  type ReportDefinition,
  ReportRuleMessages,
  reportFormProblems,
  reportMaxDate,
  reportRequestProblems,
  requestDates,
  scheduleDatesAfterStartChange,
} from './reports'

// 2026-11-23 10:00 IST
const now = new Date('2026-11-23T04:30:00Z')

const valid = {
  reportName: 'Weekly keywords',
  reportType: 'KEYWORD_PERFORMANCE_REPORT',
  dateFilterType: 'LAST_7D',
  frequency: 'ONCE',
}

describe('report form rules (spec §5 "Reports")', () => {
  it('keeps the contract messages word for word', () => {
    expect(ReportRuleMessages.required).toBe(ReportMessages.required)
    expect(ReportRuleMessages.selectCampaign).toBe(ReportMessages.selectCampaign)
    expect(ReportRuleMessages.noData).toBe(ReportMessages.noData)
    expect(ReportRuleMessages.maxDateYesterday).toBe(ReportMessages.maxDateYesterday)
    expect(ReportRuleMessages.endBeforeStart).toBe(ReportMessages.endBeforeStart)
    expect(ReportRuleMessages.required).toBe('Required Field')
    expect(ReportRuleMessages.selectCampaign).toBe('Select atleast one CAMPAIGN_ID')
  })

  it('passes a complete form', () => {
    expect(reportFormProblems(valid, now)).toEqual({})
  })

  it('requires a report name and a date range type', () => {
    expect(reportFormProblems({ ...valid, reportName: '   ', dateFilterType: '' }, now)).toEqual({
      reportName: 'Required Field',
      dateFilterType: 'Required Field',
    })
  })

  it('needs from and to dates for CUSTOM: a start without an end fails', () => {
    expect(reportFormProblems({ ...valid, dateFilterType: 'CUSTOM' }, now)).toEqual({
      fromDate: 'Required Field',
      toDate: 'Required Field',
    })
    expect(reportFormProblems({ ...valid, dateFilterType: 'CUSTOM', fromDate: '2026-11-01' }, now)).toEqual({
      toDate: 'Required Field',
    })
    expect(
      reportFormProblems(
        { ...valid, dateFilterType: 'CUSTOM', fromDate: '2026-11-01', toDate: '2026-11-22' },
        now,
      ),
    ).toEqual({})
  })

  it('allows yesterday (IST) at the latest, and no end before the start', () => {
    expect(reportMaxDate(now)).toBe('2026-11-22')
    expect(
      reportFormProblems(
        { ...valid, dateFilterType: 'CUSTOM', fromDate: '2026-11-23', toDate: '2026-11-23' },
        now,
      ),
    ).toEqual({ fromDate: ReportMessages.maxDateYesterday, toDate: ReportMessages.maxDateYesterday })
    expect(
      reportFormProblems(
        { ...valid, dateFilterType: 'CUSTOM', fromDate: '2026-11-10', toDate: '2026-11-09' },
        now,
      ),
    ).toEqual({ toDate: ReportMessages.endBeforeStart })
    expect(
      reportFormProblems(
        { ...valid, dateFilterType: 'CUSTOM', fromDate: '2026-02-30', toDate: '2026-11-09' },
        now,
      ),
    ).toEqual({ fromDate: 'Enter a valid date' })
    // 23:59 IST on the 22nd is still the 22nd: yesterday is the 21st.
    expect(reportMaxDate(new Date('2026-11-22T18:29:00Z'))).toBe('2026-11-21')
  })

  it('needs a report type and at least one CAMPAIGN_ID in advanced mode', () => {
    expect(reportFormProblems({ ...valid, advancedReport: true, reportType: '' }, now)).toEqual({
      reportType: 'Required Field',
      CAMPAIGN_ID: 'Select atleast one CAMPAIGN_ID',
    })
    expect(
      reportFormProblems({ ...valid, advancedReport: true, CAMPAIGN_ID: [], campaignOptions: 0 }, now),
    ).toEqual({
      CAMPAIGN_ID: 'No data available',
    })
    expect(reportFormProblems({ ...valid, advancedReport: true, CAMPAIGN_ID: ['12'] }, now)).toEqual({})
    // Outside advanced mode no campaign is needed.
    expect(reportFormProblems({ ...valid, CAMPAIGN_ID: [] }, now)).toEqual({})
  })

  it('needs schedule start and end dates for a frequency other than once', () => {
    for (const frequency of ['DAILY', 'WEEKLY', 'MONTHLY']) {
      expect(reportFormProblems({ ...valid, frequency }, now)).toEqual({
        startDate: 'Required Field',
        endDate: 'Required Field',
      })
      expect(reportFormProblems({ ...valid, frequency, startDate: '2026-11-24' }, now)).toEqual({
        endDate: 'Required Field',
      })
    }
    expect(reportFormProblems({ ...valid, frequency: 'ONCE' }, now)).toEqual({})
    expect(
      reportFormProblems(
        { ...valid, frequency: 'WEEKLY', startDate: '2026-12-01', endDate: '2026-11-30' },
        now,
      ),
    ).toEqual({ endDate: ReportMessages.endBeforeStart })
    expect(
      reportFormProblems(
        { ...valid, frequency: 'WEEKLY', startDate: '2026-11-23', endDate: '2026-12-31' },
        now,
      ),
    ).toEqual({})
  })
})

describe('request rules', () => {
  const request = (over: Record<string, unknown> = {}): ReportRequest =>
    reportRequestSchema.parse({
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      dateFilter: { dateFilterType: 'CUSTOM', fromDate: '2026-11-01', toDate: '2026-11-23' },
      reportMetaData: { reportName: 'November', isSaved: true },
      ...over,
    })

  it('reads toDate as the day after the last day (spec §5)', () => {
    // 1–22 November is sent as toDate 2026-11-23: valid today.
    expect(reportRequestProblems(request(), now)).toEqual({})
    // toDate 2026-11-24 means the 23rd, today: after yesterday.
    expect(
      reportRequestProblems(
        request({ dateFilter: { dateFilterType: 'CUSTOM', fromDate: '2026-11-01', toDate: '2026-11-24' } }),
        now,
      ),
    ).toEqual({ toDate: ReportMessages.maxDateYesterday })
    expect(requestDates({ dateFilterType: 'CUSTOM', fromDate: '2026-03-01', toDate: '2026-03-07' })).toEqual({
      dateFilterType: 'CUSTOM',
      fromDate: '2026-03-01',
      toDate: '2026-03-08',
    })
    expect(formDates({ dateFilterType: 'CUSTOM', fromDate: '2026-03-01', toDate: '2026-03-08' })).toEqual({
      fromDate: '2026-03-01',
      toDate: '2026-03-07',
    })
    expect(requestDates({ dateFilterType: 'LAST_7D', fromDate: '2026-03-01', toDate: '2026-03-07' })).toEqual(
      {
        dateFilterType: 'LAST_7D',
        fromDate: null,
        toDate: null,
      },
    )
  })

  it('needs no name for a download-only run, but does for a saved one', () => {
    expect(
      reportRequestProblems(request({ reportMetaData: { reportName: '', isSaved: true } }), now),
    ).toEqual({
      reportName: 'Required Field',
    })
    expect(
      reportRequestProblems(request({ reportMetaData: { reportName: '', isSaved: false } }), now),
    ).toEqual({})
  })

  it('applies the advanced and schedule rules to the request', () => {
    expect(
      reportRequestProblems(
        request({
          advancedReport: true,
          scheduleDetails: { frequency: 'DAILY', startDate: null, endDate: null, emailIds: [] },
        }),
        now,
      ),
    ).toEqual({
      CAMPAIGN_ID: 'Select atleast one CAMPAIGN_ID',
      startDate: 'Required Field',
      endDate: 'Required Field',
    })
  })
})

describe('e-mail recipients (spec §5)', () => {
  it('accepts the simple pattern only, as the contract writes it', () => {
    for (const address of ['a.b_c-d@example.com', 'X@mail.example.co', 'u@d.info']) {
      expect(isReportEmail(address)).toBe(true)
      expect(REPORT_EMAIL_PATTERN.test(address)).toBe(true)
    }
    for (const address of [
      'a+b@example.com',
      'a@example.c',
      'a@example.museum',
      'no-at.example.com',
      'a@b\n.com',
      '',
    ]) {
      expect(isReportEmail(address)).toBe(false)
      expect(REPORT_EMAIL_PATTERN.test(address)).toBe(false)
    }
    expect(isReportEmail(`${'a'.repeat(250)}@example.com`)).toBe(false)
  })

  it('lowercases, de-duplicates and silently drops invalid entries', () => {
    expect(
      cleanRecipients([
        'Ana@Example.com',
        'ana@example.com',
        ' bob@example.org ',
        'not an address',
        'ANA@EXAMPLE.COM',
        '=cmd@x',
      ]),
    ).toEqual(['ana@example.com', 'bob@example.org'])
    expect(cleanRecipients([])).toEqual([])
  })
})

describe('isRegenerate and isSaved (spec §4)', () => {
  const base: ReportDefinition = {
    dateFilter: { dateFilterType: 'LAST_7D', fromDate: null, toDate: null },
    scheduleDetails: { frequency: 'WEEKLY', startDate: '2026-11-24', endDate: '2026-12-31' },
    dimensionFields: { campaign_id: true, keyword: true, date: false },
    metricFields: { clicks: true, impressions: true },
    filters: { CAMPAIGN_ID: ['1', '2'] },
  }

  it('is true for a new report', () => {
    expect(isRegenerateFor(null, base)).toBe(true)
  })

  it('is false when nothing that changes the figures or runs changed', () => {
    expect(
      isRegenerateFor(base, {
        ...base,
        dimensionFields: { keyword: true, campaign_id: true },
        metricFields: { impressions: true, clicks: true, sales: false },
        filters: { CAMPAIGN_ID: ['2', '1'], CAMPAIGN_STATUS: [] },
      }),
    ).toBe(false)
  })

  it('is true when dates, schedule, frequency, dimensions, metrics or filters changed', () => {
    const changes: Partial<ReportDefinition>[] = [
      { dateFilter: { dateFilterType: 'LAST_30D', fromDate: null, toDate: null } },
      { dateFilter: { dateFilterType: 'CUSTOM', fromDate: '2026-11-01', toDate: '2026-11-08' } },
      { scheduleDetails: { frequency: 'WEEKLY', startDate: '2026-11-25', endDate: '2026-12-31' } },
      { scheduleDetails: { frequency: 'WEEKLY', startDate: '2026-11-24', endDate: '2027-01-31' } },
      { scheduleDetails: { frequency: 'DAILY', startDate: '2026-11-24', endDate: '2026-12-31' } },
      { dimensionFields: { campaign_id: true } },
      { metricFields: { clicks: true } },
      { filters: { CAMPAIGN_ID: ['1'] } },
      { filters: null },
    ]
    for (const change of changes) expect(isRegenerateFor(base, { ...base, ...change })).toBe(true)
  })

  it('saves everything but a brand-new download-only run', () => {
    expect(isSavedFor({ isNew: true, downloadOnly: true })).toBe(false)
    expect(isSavedFor({ isNew: true, downloadOnly: false })).toBe(true)
    expect(isSavedFor({ isNew: false, downloadOnly: true })).toBe(true)
    expect(isSavedFor({ isNew: false, downloadOnly: false })).toBe(true)
  })
})

describe('schedule dates after a start change (spec §4)', () => {
  it('clears the end when the start changes', () => {
    expect(
      scheduleDatesAfterStartChange({ startDate: '2026-11-24', endDate: '2026-12-31' }, '2026-11-25'),
    ).toEqual({
      startDate: '2026-11-25',
      endDate: null,
    })
  })

  it('clears the end when the start is after it, and keeps it otherwise', () => {
    expect(
      scheduleDatesAfterStartChange({ startDate: '2027-01-05', endDate: '2026-12-31' }, '2027-01-05'),
    ).toEqual({
      startDate: '2027-01-05',
      endDate: null,
    })
    expect(
      scheduleDatesAfterStartChange({ startDate: '2026-11-24', endDate: '2026-12-31' }, '2026-11-24'),
    ).toEqual({
      startDate: '2026-11-24',
      endDate: '2026-12-31',
    })
  })
})
