// The report form's parts, shared by the analytics page and the save-schedule form (spec accounts §2
// "Analytics landing page", "Save and schedule report"; §5 "Reports"): the report type, the date range
// (five presets, Custom with From/To whose maximum is yesterday), the Filters (a group of checkboxes
// per filter with Select all / Clear, 'No data available' when a filter has no values) and the Fields
// (dimension and metric checkboxes; add to cart, pdp count and viewable impressions shown disabled).
//
// All native controls, uncontrolled (the form posts or GETs what is on screen). Labels and options come
// in as props from the loader: this module imports no contract values, so no zod reaches the browser.
// Docs/decisions/041.
import { type ChangeEvent, type KeyboardEvent, type MouseEvent, useRef } from 'react'
import { type DateErrors, FILTER_SHOWN_MAX } from '../../models/report-form'
import * as styles from './reports.css'
import { formatInteger } from '../../utils/format'

export type FieldOption = { value: string; label: string }

/** spec accounts §5: a filter without values (the contract's ReportMessages.noData). */
export const NO_DATA_TEXT = 'No data available'

function ErrorText({ id, message }: { id: string; message?: string | null }) {
  return message ? (
    <p id={id} role="alert" className={styles.fieldError}>
      {message}
    </p>
  ) : null
}

export function ReportTypeField({
  id = 'report-type',
  name = 'reportType',
  value,
  options,
  label = 'Report type',
  error,
}: {
  id?: string
  name?: string
  value: string
  options: readonly FieldOption[]
  label?: string
  error?: string | null
}) {
  const errorId = `${id}-error`
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorText id={errorId} message={error} />
    </div>
  )
}

/**
 * Date range: a select of the five presets (default Last 1 day) and, for Custom, From and To. The To
 * field shows the LAST day of the range, inclusive; the request sends the day after
 * (report-form.ts sentDateFilter). Both have max = yesterday.
 */
export function DateRangeFields({
  idPrefix = 'report',
  dateFilterType,
  fromDate,
  toDate,
  options,
  max,
  errors = {},
  label = 'Date range',
  names = { dateFilterType: 'dateFilterType', fromDate: 'fromDate', toDate: 'toDate' },
}: {
  idPrefix?: string
  dateFilterType: string
  fromDate: string
  toDate: string
  /** The five presets with the contract's labels (REPORT_DATE_FILTER_LABELS), in order. */
  options: readonly FieldOption[]
  /** Yesterday (YYYY-MM-DD): the latest day either field takes. */
  max: string
  errors?: DateErrors & { dateFilterType?: string }
  label?: string
  names?: { dateFilterType: string; fromDate: string; toDate: string }
}) {
  const typeId = `${idPrefix}-date-filter`
  const fromId = `${idPrefix}-from-date`
  const toId = `${idPrefix}-to-date`
  return (
    <div className={styles.dateRange}>
      <div className={styles.field}>
        <label htmlFor={typeId}>{label}</label>
        <select
          id={typeId}
          name={names.dateFilterType}
          defaultValue={dateFilterType}
          className={styles.control}
          aria-invalid={errors.dateFilterType ? true : undefined}
          aria-describedby={errors.dateFilterType ? `${typeId}-error` : undefined}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ErrorText id={`${typeId}-error`} message={errors.dateFilterType} />
      </div>
      <fieldset className={styles.customDates} data-testid="custom-dates">
        <legend className={styles.visuallyHidden}>Custom dates</legend>
        <DateInput
          id={fromId}
          name={names.fromDate}
          label="From"
          value={fromDate}
          max={max}
          error={errors.fromDate}
        />
        <DateInput id={toId} name={names.toDate} label="To" value={toDate} max={max} error={errors.toDate} />
      </fieldset>
    </div>
  )
}

function DateInput(props: {
  id: string
  name: string
  label: string
  value: string
  max: string
  error?: string
}) {
  const errorId = `${props.id}-error`
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        name={props.name}
        defaultValue={props.value}
        max={props.max}
        className={styles.control}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      <ErrorText id={errorId} message={props.error} />
    </div>
  )
}

function CheckboxList({
  idPrefix,
  name,
  options,
  chosen,
  disabled = [],
}: {
  idPrefix: string
  name: string
  options: readonly FieldOption[]
  chosen: readonly string[]
  disabled?: readonly string[]
}) {
  return (
    <ul className={styles.options}>
      {options.map((option, index) => {
        const id = `${idPrefix}-${index}`
        const off = disabled.includes(option.value)
        return (
          <li key={option.value}>
            <label htmlFor={id} className={off ? styles.checkDisabled : styles.check}>
              <input
                id={id}
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={!off && chosen.includes(option.value)}
                disabled={off}
                className={styles.checkbox}
              />
              <span>
                {option.label}
                {off ? <span className={styles.visuallyHidden}> (not available)</span> : null}
              </span>
            </label>
          </li>
        )
      })}
    </ul>
  )
}

/**
 * Fields: the report's dimensions and metrics as two groups of checkboxes. Metrics marked disabled
 * (add to cart, pdp count, viewable impressions) are shown and cannot be chosen.
 */
export function FieldsFieldset({
  idPrefix = 'report',
  dimensions,
  metrics,
  chosenDimensions,
  chosenMetrics,
  names = { dimension: 'd', metric: 'm' },
  error,
}: {
  idPrefix?: string
  dimensions: readonly FieldOption[]
  metrics: readonly (FieldOption & { disabled?: boolean })[]
  chosenDimensions: readonly string[]
  chosenMetrics: readonly string[]
  names?: { dimension: string; metric: string }
  /** A message for the Fields (e.g. no metric chosen). */
  error?: string | null
}) {
  const errorId = `${idPrefix}-fields-error`
  return (
    <fieldset
      className={styles.group}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>Fields</legend>
      <ErrorText id={errorId} message={error} />
      <div className={styles.groups}>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Dimensions</legend>
          <CheckboxList
            idPrefix={`${idPrefix}-dimension`}
            name={names.dimension}
            options={dimensions}
            chosen={chosenDimensions}
          />
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Metrics</legend>
          <CheckboxList
            idPrefix={`${idPrefix}-metric`}
            name={names.metric}
            options={metrics}
            chosen={chosenMetrics}
            disabled={metrics.filter((m) => m.disabled).map((m) => m.value)}
          />
        </fieldset>
      </div>
    </fieldset>
  )
}

export type FilterGroup = {
  /** The filter's name (CAMPAIGN_ID …), also the checkboxes' field name. */
  name: string
  label: string
  options: readonly FieldOption[]
  /**
   * The analytics page's capped lists (decision 060): how many values the filter has in all; `options`
   * are then its chosen values and the first that match `find`, at most FILTER_SHOWN_MAX (the analytics
   * page and the save-schedule form). Absent: the options are every value.
   */
  total?: number
  /** How many values match `find` (total when there is no search). */
  matched?: number
  /** The search box's text (`find.<FILTER>`). */
  find?: string
  /** Every value is chosen (`all=<FILTER>`), also those not shown. */
  all?: boolean
}

const count = (n: number) => formatInteger(n)

/** What a capped list says about the values it does not show; null when it shows them all. */
function shownText(filter: FilterGroup): string | null {
  if (filter.total === undefined) return null
  const matched = filter.matched ?? filter.total
  if (filter.find) {
    if (matched === 0) return `Nothing matches “${filter.find}”.`
    const more =
      matched > FILTER_SHOWN_MAX ? ` The first ${FILTER_SHOWN_MAX} are shown: narrow the search.` : ''
    return `${count(matched)} of ${count(filter.total)} match “${filter.find}”.${more}`
  }
  if (filter.total > filter.options.length)
    return `Showing ${count(filter.options.length)} of ${count(filter.total)}. Search to find others.`
  return null
}

/**
 * Filters: per filter a group of checkboxes with Select all and Clear. With JS the two buttons tick or
 * untick the group at once; without JS they submit the form with `apply=<FILTER>:all|none` (the page's
 * loader or action applies it and draws the form again with everything else as it was). A filter
 * without values says 'No data available'.
 */
export function FiltersFieldset({
  idPrefix = 'report',
  filters,
  chosen,
  applyName = 'apply',
  allName = 'all',
  find,
  error,
  errorFilter,
}: {
  idPrefix?: string
  filters: readonly FilterGroup[]
  chosen: Readonly<Record<string, readonly string[]>>
  /** The submit buttons' name without JS. */
  applyName?: string
  /** The "every value" checkbox's name (capped lists only). */
  allName?: string
  /**
   * What the Find button sends (the save-schedule form's `intent=find`: a post without it would save);
   * absent, a plain submit (the analytics page's GET draws the form again without the report).
   */
  find?: { name: string; value: string }
  /** A message for one filter (e.g. 'Select atleast one CAMPAIGN_ID' in advanced mode). */
  error?: string | null
  errorFilter?: string
}) {
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Filters</legend>
      <div className={styles.groups}>
        {filters.map((filter) => (
          <FilterGroupFieldset
            key={filter.name}
            idPrefix={idPrefix}
            filter={filter}
            chosen={chosen[filter.name] ?? []}
            applyName={applyName}
            allName={allName}
            find={find}
            error={errorFilter === filter.name ? error : null}
          />
        ))}
      </div>
    </fieldset>
  )
}

function FilterGroupFieldset({
  idPrefix,
  filter,
  chosen,
  applyName,
  allName,
  find,
  error,
}: {
  idPrefix: string
  filter: FilterGroup
  chosen: readonly string[]
  applyName: string
  allName: string
  find?: { name: string; value: string }
  error?: string | null
}) {
  const group = useRef<HTMLFieldSetElement>(null)
  const findButton = useRef<HTMLButtonElement>(null)
  const id = `${idPrefix}-filter-${filter.name}`
  const errorId = `${id}-error`
  const shownId = `${id}-shown`
  const total = filter.total ?? filter.options.length
  const capped = filter.total !== undefined
  const hidden = capped && total > filter.options.length
  const searchable = capped && (total > FILTER_SHOWN_MAX || Boolean(filter.find))
  const shown = shownText(filter)
  // With JS: the "every value" box and the value boxes agree (ticking it ticks them; unticking a value
  // unticks it). Without JS it wins while ticked (decision 060).
  const keepAllInStep = (event: ChangeEvent<HTMLFieldSetElement>) => {
    const box = event.target as unknown as HTMLInputElement
    if (box.type !== 'checkbox') return
    const marker = group.current?.querySelector<HTMLInputElement>('input[data-every-value]')
    if (!marker) return
    if (box === marker) {
      for (const other of group.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])
        if (!other.disabled) other.checked = marker.checked
    } else if (!box.checked) {
      marker.checked = false
    }
  }
  // Enter in the search box finds (the form's default button would generate the report).
  const findOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    findButton.current?.click()
  }
  // With JS: tick or untick the group here instead of submitting (the no-JS path).
  const setAll = (checked: boolean) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault()
    for (const box of group.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? []) {
      if (!box.disabled) box.checked = checked
    }
  }
  return (
    <fieldset
      ref={group}
      id={id}
      className={styles.group}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      onChange={capped ? keepAllInStep : undefined}
    >
      <legend className={styles.legend}>{filter.label}</legend>
      <ErrorText id={errorId} message={error} />
      {searchable ? (
        <div className={styles.findRow}>
          <label htmlFor={`${id}-find`} className={styles.visuallyHidden}>
            Search {filter.label}
          </label>
          <input
            id={`${id}-find`}
            type="search"
            name={`find.${filter.name}`}
            defaultValue={filter.find ?? ''}
            placeholder="Search by name or ID"
            maxLength={100}
            className={styles.control}
            aria-describedby={shown ? shownId : undefined}
            onKeyDown={findOnEnter}
          />
          {/* The form is drawn again with the search applied, without running the report or saving. */}
          <button
            ref={findButton}
            type="submit"
            name={find?.name}
            value={find?.value}
            formNoValidate
            className={styles.toolButton}
          >
            Find<span className={styles.visuallyHidden}> {filter.label}</span>
          </button>
        </div>
      ) : null}
      {shown ? (
        <p id={shownId} className={styles.muted} data-testid="filter-shown">
          {shown}
        </p>
      ) : null}
      {total === 0 ? (
        <p className={styles.muted}>{NO_DATA_TEXT}</p>
      ) : (
        <>
          <div className={styles.groupTools}>
            <button
              type="submit"
              name={applyName}
              value={`${filter.name}:all`}
              formNoValidate
              className={styles.toolButton}
              onClick={setAll(true)}
            >
              Select all<span className={styles.visuallyHidden}> {filter.label}</span>
            </button>
            <button
              type="submit"
              name={applyName}
              value={`${filter.name}:none`}
              formNoValidate
              className={styles.toolButton}
              onClick={setAll(false)}
            >
              Clear<span className={styles.visuallyHidden}> {filter.label}</span>
            </button>
          </div>
          {hidden || filter.all ? (
            <label htmlFor={`${id}-all`} className={styles.check}>
              <input
                id={`${id}-all`}
                type="checkbox"
                name={allName}
                value={filter.name}
                defaultChecked={filter.all}
                data-every-value=""
                className={styles.checkbox}
              />
              <span>
                All {count(total)}
                <span className={styles.visuallyHidden}> {filter.label}</span> values
                {hidden ? ', also those not shown' : ''}
              </span>
            </label>
          ) : null}
          <CheckboxList
            idPrefix={id}
            name={filter.name}
            options={filter.options}
            chosen={filter.all ? filter.options.map((o) => o.value) : chosen}
          />
        </>
      )}
    </fieldset>
  )
}
