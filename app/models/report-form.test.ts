import { describe, expect, it } from 'vitest'
import {
  DEFAULT_REPORT_DATE_FILTER,
  DEFAULT_REPORT_PAGE_SIZE,
  REPORT_DATE_FILTER_TYPES,
  REPORT_FILTERS,
  REPORT_PAGE_SIZES,
  ReportMessages,
  SAVED_REPORT_TYPES,
} from '../../platform/contracts/analytics'
import { NO_DATA_TEXT } from '../components/reports/ReportFields'
import {
  customDateErrors,
  DEFAULT_FORM_DATE_FILTER,
  DEFAULT_FORM_PAGE_SIZE,
  FORM_DATE_FILTER_TYPES,
  FORM_FILTERS,
  FORM_PAGE_SIZES,
  FORM_REPORT_TYPES,
  isDay,
  maxReportDay,
  parseApply,
  parseReportForm,
  readFilterChoices,
  reportSearch,
  saveScheduleSearch,
  sentDateFilter,
  shiftDay,
  shownDateFilter,
} from './report-form'

describe('copies of the contract (kept zod-free for the browser)', () => {
  it('equal the contract', () => {
    expect(FORM_REPORT_TYPES).toEqual(SAVED_REPORT_TYPES)
    expect(FORM_DATE_FILTER_TYPES).toEqual(REPORT_DATE_FILTER_TYPES)
    expect(DEFAULT_FORM_DATE_FILTER).toBe(DEFAULT_REPORT_DATE_FILTER)
    expect(FORM_FILTERS).toEqual(REPORT_FILTERS)
    expect(FORM_PAGE_SIZES).toEqual(REPORT_PAGE_SIZES)
    expect(DEFAULT_FORM_PAGE_SIZE).toBe(DEFAULT_REPORT_PAGE_SIZE)
    expect(NO_DATA_TEXT).toBe(ReportMessages.noData)
  })
})

describe('days', () => {
  it('shifts across month, year and leap-day ends', () => {
    expect(shiftDay('2026-03-07', 1)).toBe('2026-03-08')
    expect(shiftDay('2026-02-28', 1)).toBe('2026-03-01')
    expect(shiftDay('2028-02-28', 1)).toBe('2028-02-29')
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01')
    expect(shiftDay('2027-01-01', -1)).toBe('2026-12-31')
    expect(maxReportDay('2026-11-23')).toBe('2026-11-22')
    expect(maxReportDay('2026-12-01')).toBe('2026-11-30')
  })
  it('tells real days from malformed ones', () => {
    expect(isDay('2026-11-22')).toBe(true)
    expect(isDay('2028-02-29')).toBe(true)
    expect(isDay('2026-02-29')).toBe(false)
    expect(isDay('2026-02-30')).toBe(false)
    expect(isDay('22-11-2026')).toBe(false)
    expect(isDay('')).toBe(false)
  })
})

describe('the date filter sent (spec §5: the end is sent as the day after)', () => {
  it('sends the day after the inclusive last day for CUSTOM', () => {
    expect(
      sentDateFilter({ dateFilterType: 'CUSTOM', fromDate: '2026-03-01', toDate: '2026-03-07' }),
    ).toEqual({
      dateFilterType: 'CUSTOM',
      fromDate: '2026-03-01',
      toDate: '2026-03-08',
    })
    expect(
      sentDateFilter({ dateFilterType: 'CUSTOM', fromDate: '2026-11-22', toDate: '2026-11-22' }).toDate,
    ).toBe('2026-11-23')
  })
  it('sends only the type for a preset', () => {
    expect(
      sentDateFilter({ dateFilterType: 'LAST_7D', fromDate: '2026-01-01', toDate: '2026-01-02' }),
    ).toEqual({
      dateFilterType: 'LAST_7D',
      fromDate: null,
      toDate: null,
    })
  })
  it('shows a stored filter back with the inclusive end', () => {
    const sent = sentDateFilter({ dateFilterType: 'CUSTOM', fromDate: '2026-02-20', toDate: '2026-02-28' })
    expect(shownDateFilter(sent)).toEqual({
      dateFilterType: 'CUSTOM',
      fromDate: '2026-02-20',
      toDate: '2026-02-28',
    })
    expect(shownDateFilter({ dateFilterType: 'LAST_30D', fromDate: null, toDate: null })).toEqual({
      dateFilterType: 'LAST_30D',
      fromDate: '',
      toDate: '',
    })
  })
})

describe('custom date errors', () => {
  const today = '2026-11-23'
  const check = (fromDate: string, toDate: string) =>
    customDateErrors({ dateFilterType: 'CUSTOM', fromDate, toDate }, today, ReportMessages)
  it('accepts a range ending yesterday', () => {
    expect(check('2026-11-01', '2026-11-22')).toEqual({})
  })
  it('requires both days', () => {
    expect(check('', '')).toEqual({ fromDate: 'Required Field', toDate: 'Required Field' })
    expect(check('2026-11-01', '2026-02-30')).toEqual({ toDate: 'Required Field' })
  })
  it('refuses today and later (the maximum is yesterday)', () => {
    expect(check('2026-11-01', '2026-11-23')).toEqual({
      toDate: 'The latest date you can choose is yesterday',
    })
    expect(check('2026-11-24', '2026-11-24')).toEqual({
      fromDate: 'The latest date you can choose is yesterday',
      toDate: 'The latest date you can choose is yesterday',
    })
  })
  it('refuses an end before the start', () => {
    expect(check('2026-11-10', '2026-11-09')).toEqual({
      toDate: 'The end date cannot be before the start date',
    })
  })
  it('has nothing to say about presets', () => {
    expect(
      customDateErrors({ dateFilterType: 'LAST_1D', fromDate: '', toDate: '' }, today, ReportMessages),
    ).toEqual({})
  })
})

describe('the form as a URL', () => {
  it('has the defaults on a bare URL: campaign performance, last 1 day, fields not chosen, not run', () => {
    const state = parseReportForm(new URLSearchParams(''))
    expect(state).toMatchObject({
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      dateFilterType: 'LAST_1D',
      dimensions: null,
      metrics: null,
      page: 1,
      size: 10,
      run: false,
    })
  })
  it('keeps what was sent and builds the same URL back', () => {
    const query =
      'reportType=KEYWORD_PERFORMANCE_REPORT&dateFilterType=CUSTOM&fromDate=2026-11-01&toDate=2026-11-07&d=keyword&m=clicks&m=ad_spend&CAMPAIGN_ID=7&CAMPAIGN_ID=9&size=20&page=3&run=1'
    const state = parseReportForm(new URLSearchParams(query))
    expect(state).toMatchObject({
      reportType: 'KEYWORD_PERFORMANCE_REPORT',
      dateFilterType: 'CUSTOM',
      fromDate: '2026-11-01',
      toDate: '2026-11-07',
      dimensions: ['keyword'],
      metrics: ['clicks', 'ad_spend'],
      page: 3,
      size: 20,
      run: true,
    })
    expect(state.filters.CAMPAIGN_ID).toEqual(['7', '9'])
    expect(reportSearch(state)).toBe(`?${query}`)
    expect(reportSearch(state, { page: 1 })).not.toContain('page=')
  })
  it('falls back for bad values and drops malformed names', () => {
    const state = parseReportForm(
      new URLSearchParams(
        'reportType=DAILY_OPS_REPORT&dateFilterType=TODAY&d=DROP%20TABLE&m=clicks&size=7&page=-2',
      ),
    )
    expect(state).toMatchObject({
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      dateFilterType: 'LAST_1D',
      dimensions: [],
      metrics: ['clicks'],
      size: 10,
      page: 1,
    })
  })
  it('ignores custom dates for a preset and takes new defaults after a report type change', () => {
    const state = parseReportForm(
      new URLSearchParams(
        'reportType=PRODUCT_PERFORMANCE_REPORT&fieldsFor=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&fromDate=2026-01-01&d=campaign_id&m=clicks',
      ),
    )
    expect(state.fromDate).toBe('')
    expect(state.dimensions).toBeNull()
    expect(state.metrics).toEqual(['clicks'])
  })
  it("reads the every-value marker and the filters' search boxes, and writes them back (decision 060)", () => {
    const state = parseReportForm(
      new URLSearchParams(
        `reportType=CAMPAIGN_PERFORMANCE_REPORT&all=CAMPAIGN_ID&all=NOPE&CAMPAIGN_ID=7&CAMPAIGN_STATUS=LIVE&find.CAMPAIGN_ID=%20jack%20&find.CREATED_BY=${'x'.repeat(300)}`,
      ),
    )
    // The marker stands for every value: values sent beside it (the shown boxes) are not kept.
    expect(state.all).toEqual(['CAMPAIGN_ID'])
    expect(state.filters.CAMPAIGN_ID).toEqual([])
    expect(state.filters.CAMPAIGN_STATUS).toEqual(['LIVE'])
    expect(state.find.CAMPAIGN_ID).toBe('jack')
    expect(state.find.CREATED_BY).toHaveLength(100)
    const search = reportSearch({ ...state, find: { ...state.find, CREATED_BY: '' } })
    expect(search).toBe(
      '?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_1D&CAMPAIGN_STATUS=LIVE&all=CAMPAIGN_ID&find.CAMPAIGN_ID=jack',
    )
    // Save and Schedule takes the choices, not the search boxes.
    expect(saveScheduleSearch(state)).toBe(
      '?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_1D&CAMPAIGN_STATUS=LIVE&all=CAMPAIGN_ID',
    )
  })
  it("reads the same Filters from the save-schedule form's post (a FormData with a file in it)", () => {
    const form = new FormData()
    form.append('CAMPAIGN_ID', ' 7 ')
    form.append('CAMPAIGN_ID', '7')
    form.append('CAMPAIGN_ID', '')
    form.append('CAMPAIGN_STATUS', new Blob(['a file is not a value']))
    form.append('PLACEMENT_CATEGORY', 'SEARCH')
    form.append('all', 'PLACEMENT_CATEGORY')
    form.append('find.CAMPAIGN_ID', ' Jack ')
    const choices = readFilterChoices(form)
    expect(choices.filters).toEqual({
      CAMPAIGN_ID: ['7'],
      CAMPAIGN_STATUS: [],
      PLACEMENT_CATEGORY: [],
      TARGETING_TYPE: [],
      CREATED_BY: [],
    })
    expect(choices.all).toEqual(['PLACEMENT_CATEGORY'])
    expect(choices.find.CAMPAIGN_ID).toBe('Jack')
    // The analytics page reads its query with the same function.
    const query = new URLSearchParams()
    for (const [name, value] of form) if (typeof value === 'string') query.append(name, value)
    const state = parseReportForm(query)
    expect({ filters: state.filters, all: state.all, find: state.find }).toEqual(choices)
  })
  it('reads a no-JS Select all / Clear', () => {
    expect(parseApply(new URLSearchParams('apply=CAMPAIGN_ID:all'))).toEqual({
      filter: 'CAMPAIGN_ID',
      all: true,
    })
    expect(parseApply(new URLSearchParams('apply=CREATED_BY:none'))).toEqual({
      filter: 'CREATED_BY',
      all: false,
    })
    expect(parseApply(new URLSearchParams('apply=NOPE:all'))).toBeNull()
    expect(parseApply(new URLSearchParams('apply=CAMPAIGN_ID:some'))).toBeNull()
  })
  it('opens save-schedule with the current choices and no paging', () => {
    const state = parseReportForm(
      new URLSearchParams(
        'reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&m=clicks&CAMPAIGN_ID=5&page=2&run=1',
      ),
    )
    expect(saveScheduleSearch(state)).toBe(
      '?reportType=CAMPAIGN_PERFORMANCE_REPORT&dateFilterType=LAST_7D&d=campaign_id&m=clicks&CAMPAIGN_ID=5',
    )
  })
})
