// The Save and Schedule Report form (spec accounts §2 "Save and schedule report", §4 "Reports", §5
// "Reports"; decision 042), for /save-schedule-report and /admin/save-schedule-report. A native
// multipart form that works without JavaScript: every rule is checked by the action and the form comes
// back as typed; the report type's Apply and Discard are GET submissions that carry the whole form in
// the query (so Cancel in the Discard dialog brings it all back). With JavaScript the same rules are
// checked before the post, a new report type redraws its fields at once, §4's start-date rule applies
// as the start changes, and Discard opens over the form without losing it.
import { Form, Outlet, useLocation, useNavigate, useNavigation } from '@remix-run/react'
import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import {
  FIELD,
  INTENT,
  readScheduleForm,
  REPORT_NAME_MAX_LENGTH,
  type ScheduleErrors,
  type ScheduleFormValues,
  scheduleFormProblems,
} from '../../models/report-schedule.schema'
import { ConfirmDialog } from '../dialog/RouteDialog'
import { ErrorState } from '../list/States'
import { primary, secondary } from '../form.css'
import {
  DateRangeFields,
  type FieldOption,
  type FilterGroup,
  FieldsFieldset,
  FiltersFieldset,
  ReportTypeField,
} from './ReportFields'
import { RecipientList } from './RecipientList'
import * as form from './reports.css'
import * as styles from './save-schedule.css'

export type SaveSchedulePage = {
  prefix: string
  advanced: boolean
  editing: boolean
  editable: boolean
  maxDate: string
  recipientsMax: number
  messages: { discard: string; emptyRecipients: string }
  values: ScheduleFormValues
  options: {
    reportTypes: FieldOption[]
    frequencies: FieldOption[]
    dateFilterTypes: FieldOption[]
    dimensions: FieldOption[]
    metrics: (FieldOption & { disabled?: boolean })[]
    /** At most 50 values per filter, the chosen ones always (decision 060). */
    filters: FilterGroup[]
  }
  error: string | null
}

export type SaveScheduleAnswer = {
  values: ScheduleFormValues
  /** The Filters drawn for the answer's values (a campaign found by a search stays shown); null: the page's. */
  filters: FilterGroup[] | null
  errors: ScheduleErrors
  /** spec §8: the failed call's message under an Error heading. */
  error: string | null
}

const ID = 'ss'
/** Where each field's error sends focus (the first control of the field). */
const FOCUS: Record<keyof ScheduleErrors, string> = {
  reportName: `${ID}-report-name`,
  reportType: `${ID}-report-type`,
  frequency: `${ID}-frequency-ONCE`,
  startDate: `${ID}-start-date`,
  endDate: `${ID}-end-date`,
  dateFilterType: `${ID}-date-filter`,
  fromDate: `${ID}-from-date`,
  toDate: `${ID}-to-date`,
  CAMPAIGN_ID: `${ID}-filter-CAMPAIGN_ID`,
  emailIds: `${ID}-recipients`,
}
const ORDER = Object.keys(FOCUS) as (keyof ScheduleErrors)[]

function focusFirst(errors: ScheduleErrors) {
  const first = ORDER.find((name) => errors[name])
  if (!first) return
  const target = document.getElementById(FOCUS[first])
  if (!target) return
  const control = target.matches('input, select, textarea, button')
    ? target
    : target.querySelector<HTMLElement>('input:not([type="hidden"]):not(:disabled), button:not(:disabled)')
  if (control) control.focus()
  else {
    target.tabIndex = -1
    target.focus()
  }
}

/** The form as a query (a GET snapshot): file fields left out. */
function snapshot(formElement: HTMLFormElement): string {
  const params = new URLSearchParams()
  for (const [name, value] of new FormData(formElement)) {
    if (typeof value === 'string' && name !== 'intent' && name !== FIELD.emailInput)
      params.append(name, value)
  }
  return params.toString()
}

export function SaveScheduleForm({ page, answer }: { page: SaveSchedulePage; answer?: SaveScheduleAnswer }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const location = useLocation()
  const busy = useNavigation().state === 'submitting'
  const formRef = useRef<HTMLFormElement>(null)
  const refocus = useRef<string | null>(null)

  // What is drawn: the server's last answer (a post) or the page (a GET). A new one redraws the fields
  // (`revision` keys them); a navigation that brings neither (the Discard dialog) keeps what is typed.
  const [shown, setShown] = useState(() => ({
    values: answer?.values ?? page.values,
    filters: answer?.filters ?? page.options.filters,
    errors: answer?.errors ?? {},
    error: answer?.error ?? page.error,
    revision: 0,
  }))
  const [seen, setSeen] = useState({ answer, page })
  if (answer !== seen.answer || page !== seen.page) {
    setSeen({ answer, page })
    if (answer && answer !== seen.answer) {
      setShown((s) => ({
        values: answer.values,
        filters: answer.filters ?? page.options.filters,
        errors: answer.errors,
        error: answer.error,
        revision: s.revision + 1,
      }))
    } else if (page !== seen.page && !answer) {
      // A loader answer drawing other values (another report type, an edited report) redraws the form;
      // the same values again (the page revalidated under the Discard dialog) keep what is typed.
      if (JSON.stringify(page.values) !== JSON.stringify(seen.page.values)) {
        setShown((s) => ({
          values: page.values,
          filters: page.options.filters,
          errors: {},
          error: page.error,
          revision: s.revision + 1,
        }))
      } else if (page.error !== seen.page.error) setShown((s) => ({ ...s, error: page.error }))
    }
  }
  const { values, errors } = shown
  const [startWas, setStartWas] = useState(values.startDate)
  const [seenRevision, setSeenRevision] = useState(shown.revision)
  if (seenRevision !== shown.revision) {
    setSeenRevision(shown.revision)
    setStartWas(shown.values.startDate)
  }

  const path = `${page.prefix}/save-schedule-report`
  const campaigns = shown.filters.find((f) => f.name === 'CAMPAIGN_ID')
  const campaignOptions = campaigns ? (campaigns.total ?? campaigns.options.length) : undefined

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    if (submitter instanceof HTMLButtonElement && submitter.hasAttribute('data-default-button')) {
      event.preventDefault()
      return
    }
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : INTENT.save
    if (submitter instanceof HTMLButtonElement && submitter.formMethod === 'get') return
    if (intent !== INTENT.save && intent !== INTENT.download) return
    const data = readScheduleForm(new FormData(event.currentTarget))
    const problems = scheduleFormProblems(data, {
      advanced: page.advanced,
      now: new Date(),
      campaignOptions,
      downloadOnly: intent === INTENT.download,
    })
    if (!Object.keys(problems).length) {
      setShown((s) => ({ ...s, errors: {} }))
      return
    }
    event.preventDefault()
    setShown((s) => ({ ...s, errors: problems }))
    requestAnimationFrame(() => focusFirst(problems))
  }

  // A new report type draws its own fields: with JS at once (a GET of the form as it is).
  function onTypeChange(event: FormEvent<HTMLDivElement>) {
    const target = event.target
    if (!(target instanceof HTMLSelectElement) || !formRef.current) return
    refocus.current = FOCUS.reportType
    navigate(`${path}?${snapshot(formRef.current)}`, { replace: true, preventScrollReset: true })
  }

  // The fields are drawn again after a new type: focus goes back to the type select.
  useEffect(() => {
    if (shown.revision === 0 || !refocus.current) return
    document.getElementById(refocus.current)?.focus()
    refocus.current = null
  }, [shown.revision])

  // §4: changing the start clears the end; a start after the end clears the end.
  function onStartChange(event: FormEvent<HTMLInputElement>) {
    const start = event.currentTarget.value
    const end = formRef.current?.elements.namedItem('endDate')
    if (end instanceof HTMLInputElement && start !== startWas) end.value = ''
    setStartWas(start)
  }

  function onDiscard(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault()
    navigate(`${path}/discard${location.search}`, { preventScrollReset: true })
  }

  const search = location.search
  const fieldError = (name: keyof ScheduleErrors) => errors[name]
  const describedBy = (name: keyof ScheduleErrors) => (errors[name] ? `${FOCUS[name]}-error` : undefined)

  return (
    <div className={form.page}>
      <div className={form.titleRow}>
        <h1 className={form.title}>Save and Schedule Report</h1>
      </div>
      {page.advanced ? (
        <p className={form.hint}>Advanced report: choose a report type and at least one campaign.</p>
      ) : null}
      {page.editing && !page.editable ? (
        <p className={form.hint}>This report can be viewed, not changed.</p>
      ) : null}
      {shown.error ? <ErrorState title="Error" message={shown.error} /> : null}
      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        action={`${path}${search}`}
        noValidate
        className={form.form}
        onSubmit={onSubmit}
        aria-label="Save and Schedule Report"
        preventScrollReset
      >
        {/* The form's default button (the first): Enter in a text field adds the address typed, if
            any, and draws the form again without JS; with JS it does nothing. Never an accidental Save. */}
        <button type="submit" name="intent" value={INTENT.addEmail} hidden data-default-button>
          Add
        </button>
        <div key={shown.revision} className={form.form}>
          <input type="hidden" name={FIELD.snapshot} value="1" />
          <input type="hidden" name="reportEntityId" value={values.reportEntityId} />
          <input type="hidden" name="fieldsFor" value={values.reportType} />
          <input type="hidden" name="startDateWas" value={startWas} />
          <input type="hidden" name="endDateWas" value={values.endDate} />
          {page.advanced ? <input type="hidden" name="advancedReport" value="true" /> : null}

          <div className={form.field}>
            <label htmlFor={FOCUS.reportName}>Report name</label>
            <input
              id={FOCUS.reportName}
              name="reportName"
              type="text"
              defaultValue={values.reportName}
              maxLength={REPORT_NAME_MAX_LENGTH}
              autoComplete="off"
              className={form.control}
              aria-invalid={errors.reportName ? true : undefined}
              aria-describedby={describedBy('reportName')}
            />
            <FieldMessage id={`${FOCUS.reportName}-error`} message={fieldError('reportName')} />
          </div>

          <div className={styles.inlineRow}>
            <div onChange={hydrated ? onTypeChange : undefined}>
              <ReportTypeField
                id={FOCUS.reportType}
                value={values.reportType}
                options={
                  page.advanced && !values.reportType
                    ? [{ value: '', label: 'Choose a report type' }, ...page.options.reportTypes]
                    : page.options.reportTypes
                }
                error={fieldError('reportType')}
              />
            </div>
            {hydrated ? null : (
              <button type="submit" formMethod="get" formAction={path} formNoValidate className={secondary}>
                Show fields for this type
              </button>
            )}
          </div>

          <fieldset className={styles.group} aria-describedby={describedBy('frequency')}>
            <legend className={form.legend}>Frequency</legend>
            <div className={styles.radios}>
              {page.options.frequencies.map((option) => (
                <label
                  key={option.value}
                  className={styles.radio}
                  htmlFor={`${ID}-frequency-${option.value}`}
                >
                  <input
                    id={`${ID}-frequency-${option.value}`}
                    type="radio"
                    name="frequency"
                    value={option.value}
                    defaultChecked={values.frequency === option.value}
                  />
                  {option.label}
                </label>
              ))}
            </div>
            <FieldMessage id={`${FOCUS.frequency}-error`} message={fieldError('frequency')} />
            <div className={styles.inlineRow}>
              <DateField
                id={FOCUS.startDate}
                name="startDate"
                label="Schedule start date"
                value={values.startDate}
                error={fieldError('startDate')}
                onChange={hydrated ? onStartChange : undefined}
              />
              <DateField
                id={FOCUS.endDate}
                name="endDate"
                label="Schedule end date"
                value={values.endDate}
                error={fieldError('endDate')}
              />
            </div>
          </fieldset>

          <DateRangeFields
            idPrefix={ID}
            dateFilterType={values.dateFilterType}
            fromDate={values.fromDate}
            toDate={values.toDate}
            options={page.options.dateFilterTypes}
            max={page.maxDate}
            errors={{
              dateFilterType: fieldError('dateFilterType'),
              fromDate: fieldError('fromDate'),
              toDate: fieldError('toDate'),
            }}
          />

          {values.reportType ? (
            <FieldsFieldset
              idPrefix={ID}
              dimensions={page.options.dimensions}
              metrics={page.options.metrics}
              chosenDimensions={values.dimensions}
              chosenMetrics={values.metrics}
            />
          ) : (
            <p className={form.hint}>Choose a report type to pick its fields.</p>
          )}

          <FiltersFieldset
            idPrefix={ID}
            filters={shown.filters}
            find={{ name: 'intent', value: INTENT.find }}
            chosen={values.filters}
            error={fieldError('CAMPAIGN_ID')}
            errorFilter="CAMPAIGN_ID"
          />

          <div id={FOCUS.emailIds}>
            <RecipientList
              emails={values.emailIds}
              search={values.emailSearch}
              max={page.recipientsMax}
              emptyText={page.messages.emptyRecipients}
              error={fieldError('emailIds')}
            />
          </div>
        </div>

        <div className={form.actions}>
          <button
            type="submit"
            formMethod="get"
            formAction={`${path}/discard`}
            formNoValidate
            className={secondary}
            onClick={hydrated ? onDiscard : undefined}
          >
            Discard
          </button>
          {page.editing && !page.editable ? null : (
            <button type="submit" name="intent" value={INTENT.save} className={primary} disabled={busy}>
              Save
            </button>
          )}
          <button type="submit" name="intent" value={INTENT.download} className={secondary} disabled={busy}>
            Download
          </button>
        </div>
      </Form>
      <Outlet />
    </div>
  )
}

function FieldMessage({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} role="alert" className={form.fieldError}>
      {message}
    </p>
  ) : null
}

function DateField(props: {
  id: string
  name: string
  label: string
  value: string
  error?: string
  onChange?: (event: FormEvent<HTMLInputElement>) => void
}) {
  return (
    <div className={form.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        name={props.name}
        defaultValue={props.value}
        className={form.control}
        onChange={props.onChange}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${props.id}-error` : undefined}
      />
      <FieldMessage id={`${props.id}-error`} message={props.error} />
    </div>
  )
}

/** Discard (spec §2): the confirmation over the form; Cancel goes back to the form as it was. */
export function DiscardDialog({ prefix, message }: { prefix: string; message: string }) {
  const { search } = useLocation()
  const path = `${prefix}/save-schedule-report`
  return (
    <ConfirmDialog
      titleId="discard-title"
      title="Discard changes?"
      back={`${path}${search}`}
      action={`${path}/discard`}
      confirm="Discard"
      danger
    >
      <p>{message}</p>
    </ConfirmDialog>
  )
}
