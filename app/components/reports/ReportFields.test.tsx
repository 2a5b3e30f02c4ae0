// @vitest-environment happy-dom
// The report form parts and the trend chart, rendered: native labelled controls, the disabled metrics,
// 'No data available', Select all / Clear without a request when scripts run, the chart's images and
// its data table.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DateRangeFields, FieldsFieldset, FiltersFieldset } from './ReportFields'
import { TrendChart } from './TrendChart'

afterEach(cleanup)

const PRESETS = [
  { value: 'LAST_1D', label: 'Last 1 day' },
  { value: 'LAST_7D', label: 'Last 1 week' },
  { value: 'LAST_30D', label: 'Last 1 month' },
  { value: 'CURRENT_MONTH', label: 'Current month' },
  { value: 'CUSTOM', label: 'Custom' },
]

describe('DateRangeFields', () => {
  it('offers the five presets and From/To capped at yesterday, with errors tied to their fields', () => {
    render(
      <form>
        <DateRangeFields
          dateFilterType="CUSTOM"
          fromDate="2026-11-01"
          toDate="2026-11-23"
          options={PRESETS}
          max="2026-11-22"
          errors={{ toDate: 'The latest date you can choose is yesterday' }}
        />
      </form>,
    )
    const select = screen.getByLabelText('Date range') as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual(PRESETS.map((p) => p.label))
    expect(select.value).toBe('CUSTOM')
    const from = screen.getByLabelText('From') as HTMLInputElement
    const to = screen.getByLabelText('To') as HTMLInputElement
    expect(from.type).toBe('date')
    expect(from.max).toBe('2026-11-22')
    expect(to.max).toBe('2026-11-22')
    expect(to.value).toBe('2026-11-23')
    expect(to.getAttribute('aria-invalid')).toBe('true')
    const message = document.getElementById(to.getAttribute('aria-describedby')!)
    expect(message?.textContent).toBe('The latest date you can choose is yesterday')
    expect(from.getAttribute('aria-invalid')).toBeNull()
  })
})

describe('FieldsFieldset', () => {
  it('ticks the chosen fields and shows the three unavailable metrics disabled', () => {
    render(
      <FieldsFieldset
        dimensions={[
          { value: 'campaign_id', label: 'Campaign ID' },
          { value: 'date', label: 'Date' },
        ]}
        metrics={[
          { value: 'clicks', label: 'Clicks' },
          { value: 'add_to_cart', label: 'Add to cart', disabled: true },
        ]}
        chosenDimensions={['campaign_id']}
        chosenMetrics={['clicks', 'add_to_cart']}
      />,
    )
    expect((screen.getByRole('checkbox', { name: 'Campaign ID' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: 'Date' }) as HTMLInputElement).checked).toBe(false)
    const cart = screen.getByRole('checkbox', { name: /Add to cart/ }) as HTMLInputElement
    expect(cart.disabled).toBe(true)
    expect(cart.checked).toBe(false)
    expect((screen.getByRole('checkbox', { name: 'Clicks' }) as HTMLInputElement).name).toBe('m')
  })
})

describe('FiltersFieldset', () => {
  it("says 'No data available' for an empty filter; Select all and Clear work in place with scripts", () => {
    let submitted = 0
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submitted++
        }}
      >
        <FiltersFieldset
          filters={[
            {
              name: 'CAMPAIGN_ID',
              label: 'Campaign',
              options: [
                { value: '1', label: 'One' },
                { value: '2', label: 'Two' },
              ],
            },
            { name: 'CREATED_BY', label: 'Created by', options: [] },
          ]}
          chosen={{ CAMPAIGN_ID: ['2'] }}
        />
      </form>,
    )
    const campaigns = screen.getByRole('group', { name: 'Campaign' })
    const created = screen.getByRole('group', { name: 'Created by' })
    expect(within(created).getByText('No data available')).toBeTruthy()
    expect(within(created).queryByRole('button')).toBeNull()
    const boxes = within(campaigns).getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes.map((b) => b.checked)).toEqual([false, true])
    const selectAll = within(campaigns).getByRole('button', {
      name: 'Select all Campaign',
    }) as HTMLButtonElement
    // Without scripts the button submits apply=CAMPAIGN_ID:all.
    expect(selectAll.type).toBe('submit')
    expect(selectAll.name).toBe('apply')
    expect(selectAll.value).toBe('CAMPAIGN_ID:all')
    fireEvent.click(selectAll)
    expect(boxes.map((b) => b.checked)).toEqual([true, true])
    fireEvent.click(within(campaigns).getByRole('button', { name: 'Clear Campaign' }))
    expect(boxes.map((b) => b.checked)).toEqual([false, false])
    expect(submitted).toBe(0)
  })
})

describe('FiltersFieldset with a capped list (decision 060)', () => {
  const shown = Array.from({ length: 50 }, (_, i) => ({ value: String(i + 1), label: `Campaign ${i + 1}` }))
  const renderCapped = (group: { find?: string; matched?: number; all?: boolean } = {}) => {
    const submitters: (string | null)[] = []
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault()
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
          submitters.push(submitter?.textContent ?? null)
        }}
      >
        <FiltersFieldset
          filters={[
            { name: 'CAMPAIGN_ID', label: 'Campaign', options: shown, total: 5000, matched: 5000, ...group },
          ]}
          chosen={{ CAMPAIGN_ID: ['3'] }}
        />
      </form>,
    )
    return { group: screen.getByRole('group', { name: 'Campaign' }), submitters }
  }

  it('says what it does not show, offers a search box and an every-value box that keeps in step', () => {
    const { group, submitters } = renderCapped()
    expect(within(group).getByText('Showing 50 of 5,000. Search to find others.')).toBeTruthy()
    const search = within(group).getByRole('searchbox', { name: 'Search Campaign' }) as HTMLInputElement
    expect(search.name).toBe('find.CAMPAIGN_ID')
    // Enter in the search box finds (Find submits without run), it does not generate.
    fireEvent.keyDown(search, { key: 'Enter' })
    expect(submitters).toEqual(['Find Campaign'])
    const every = within(group).getByRole('checkbox', {
      name: 'All 5,000 Campaign values, also those not shown',
    }) as HTMLInputElement
    expect([every.name, every.value, every.checked]).toEqual(['all', 'CAMPAIGN_ID', false])
    const boxes = (within(group).getAllByRole('checkbox') as HTMLInputElement[]).filter((b) => b !== every)
    expect(boxes).toHaveLength(50)
    fireEvent.click(every)
    expect(boxes.every((b) => b.checked)).toBe(true)
    // Unticking one value unticks "all": the form then sends exactly the ticked values.
    fireEvent.click(boxes[0]!)
    expect(every.checked).toBe(false)
    expect(boxes.filter((b) => b.checked)).toHaveLength(49)
    // Select all ticks it again with the boxes; Clear unticks everything.
    fireEvent.click(within(group).getByRole('button', { name: 'Select all Campaign' }))
    expect(every.checked).toBe(true)
    fireEvent.click(within(group).getByRole('button', { name: 'Clear Campaign' }))
    expect([every, ...boxes].some((b) => b.checked)).toBe(false)
  })

  it('draws a marked filter with every shown box ticked, and says how many match a search', () => {
    const { group } = renderCapped({ all: true, find: 'camp', matched: 1200 })
    expect(
      within(group).getByText('1,200 of 5,000 match “camp”. The first 50 are shown: narrow the search.'),
    ).toBeTruthy()
    expect((within(group).getAllByRole('checkbox') as HTMLInputElement[]).every((b) => b.checked)).toBe(true)
    cleanup()
    const none = renderCapped({ find: 'zzz', matched: 0 })
    expect(within(none.group).getByText('Nothing matches “zzz”.')).toBeTruthy()
  })
})

describe('TrendChart', () => {
  const series = [
    { date: '2026-11-20', values: { clicks: 4, ad_spend: 10.5 } },
    { date: '2026-11-21', values: { clicks: 0, ad_spend: 0 } },
    { date: '2026-11-22', values: { clicks: 12, ad_spend: 1234.5 } },
  ]
  const metrics = [
    { key: 'clicks', label: 'Clicks', kind: 'count' },
    { key: 'ad_spend', label: 'Ad spend (₹)', kind: 'money' },
  ]

  it('draws one titled image per metric, columns scaled to the highest day', () => {
    const view = render(<TrendChart metrics={metrics} series={series} />)
    const clicks = screen.getByRole('img', { name: 'Clicks by day, 2026-11-20 to 2026-11-22' })
    expect(clicks.querySelector('desc')?.textContent).toBe(
      'Highest 12 on 2026-11-22; lowest 0 on 2026-11-21.',
    )
    const heights = [...clicks.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')))
    expect(heights[2]).toBeGreaterThan(heights[0]!)
    expect(heights[1]).toBe(0)
    expect(screen.getByRole('img', { name: /^Ad spend \(₹\) by day/ })).toBeTruthy()
    expect(view.container.querySelectorAll('svg[role="img"]')).toHaveLength(2)
  })

  it('has the same figures as a table, 2 decimals for money', () => {
    render(<TrendChart metrics={metrics} series={series} />)
    const table = screen.getByRole('table')
    const cells = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      )
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Date', 'Clicks', 'Ad spend (₹)'])
    expect(cells.slice(1)).toEqual([
      ['4', '10.50'],
      ['0', '0.00'],
      ['12', '1,234.50'],
    ])
  })

  it('draws nothing without a day or a metric', () => {
    const view = render(<TrendChart metrics={[]} series={series} />)
    expect(view.container.innerHTML).toBe('')
  })
})
