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
