// The campaign list's filter bar (spec campaigns §2): search by name, date preset (with custom dates),
// status. On the list kit's FilterBar: Apply without JS; with JS the selects apply themselves, except
// Custom, which waits for its dates and Apply. The custom dates show only while Custom is chosen.
import type { ChangeEvent } from 'react'
import { DATE_FILTERS } from '../../../platform/rules/lists'
import { CAMPAIGN_LIST, type ListQuery, STATUS_FILTER_LABELS } from '../../models/campaign-list'
import { keptParams } from '../../models/list-state'
import { FilterBar, FilterError, FilterInput, FilterSelect, useApplyOnChange } from '../list'
import * as styles from './campaigns.css'

const STATUS_OPTIONS = Object.entries(STATUS_FILTER_LABELS).map(([value, label]) => ({ value, label }))

export function CampaignFilters({
  query,
  today,
  dateError,
}: {
  query: ListQuery
  today: string
  dateError: string | null
}) {
  const apply = useApplyOnChange()
  const onDateFilter = (event: ChangeEvent<HTMLSelectElement>) => {
    if (event.currentTarget.value !== 'CUSTOM') apply(event)
  }
  return (
    <FilterBar
      label="Filter campaigns"
      keep={keptParams(CAMPAIGN_LIST, query, ['sort', 'direction', 'size'])}
    >
      <FilterInput
        id="campaign-search"
        type="search"
        name="search"
        label="Search by name"
        value={query.search}
        maxLength={200}
        placeholder="Campaign name"
      />
      <FilterSelect
        id="date-filter"
        name="dateFilterType"
        label="Date"
        value={query.dateFilterType}
        options={DATE_FILTERS}
        onChange={onDateFilter}
      />
      {/* Shown by CSS only while Custom is chosen (with or without JS, from the first paint: no shift). */}
      <fieldset className={styles.customDates}>
        <legend className={styles.visuallyHidden}>Custom date range</legend>
        <FilterInput
          id="from-date"
          type="date"
          name="fromDate"
          label="Start date"
          value={query.fromDate}
          max={today}
          error={dateError}
          errorId="date-error"
        />
        <FilterInput
          id="to-date"
          type="date"
          name="toDate"
          label="End date"
          value={query.toDate}
          max={today}
          error={dateError}
          errorId="date-error"
        />
        <FilterError id="date-error" message={dateError} />
      </fieldset>
      <FilterSelect
        id="status-filter"
        name="status"
        label="Status"
        value={query.status}
        options={STATUS_OPTIONS}
        onChange={apply}
      />
    </FilterBar>
  )
}
