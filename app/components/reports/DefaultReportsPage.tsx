// Default reports (/admin/default-reports, spec accounts §2 "Default reports (admin)"): the duration
// (Last 1 day, Last 1 week, Last 1 month, Current month, Custom from/to), a radio list of the eight
// report types, each with its description behind an info disclosure (a native <details>: keyboard and
// no-JS friendly, and the description is the radio's accessible description), and Download Report,
// disabled until a type is chosen (with JS; without JS the server answers 'Required Field'). Download
// Report e-mails the code and opens the OTP dialog (/admin/default-reports/download). Decision 043.
import { Form, Outlet, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { DefaultReportsData } from '../../models/saved-reports.server'
import { ErrorState } from '../list'
import { DateRangeFields } from './ReportFields'
import * as styles from './saved-reports.css'

type Data = DefaultReportsData & {
  /** A refused post: what was chosen and why. */
  errors: DefaultReportsData['errors']
}

export function DefaultReportsPage({ data }: { data: Data }) {
  const hydrated = useHydrated()
  const [chosen, setChosen] = useState(data.values.reportType)
  const busy = useNavigation().state === 'submitting'
  const typeError = data.errors.reportType
  return (
    <section aria-labelledby="default-reports-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="default-reports-heading" className={styles.title}>
          Default Reports
        </h1>
      </div>
      {data.error ? <ErrorState title="Error" message={data.error} /> : null}
      {data.sendError ? <ErrorState title="Error" message={data.sendError} /> : null}
      <Form method="post" className={styles.form} preventScrollReset>
        <DateRangeFields
          idPrefix="default-report"
          label="Duration"
          dateFilterType={data.values.dateFilterType}
          fromDate={data.values.fromDate}
          toDate={data.values.toDate}
          options={data.dateFilterTypes}
          max={data.max}
          errors={data.errors}
        />
        <fieldset className={styles.types} aria-describedby={typeError ? 'report-type-error' : undefined}>
          <legend className={styles.legend}>Report type</legend>
          {typeError ? (
            <p id="report-type-error" role="alert" className={styles.fieldError}>
              {typeError}
            </p>
          ) : null}
          {data.reportTypes.map((type) => {
            const id = `report-type-${type.value}`
            return (
              <div key={type.value} className={styles.typeRow}>
                <label htmlFor={id} className={styles.typeLabel}>
                  <input
                    id={id}
                    type="radio"
                    name="reportType"
                    value={type.value}
                    defaultChecked={data.values.reportType === type.value}
                    aria-describedby={`${id}-info`}
                    onChange={() => setChosen(type.value)}
                  />
                  {type.label}
                </label>
                <details className={styles.info}>
                  <summary className={styles.infoSummary} aria-label={`About ${type.label}`}>
                    i
                  </summary>
                  <p id={`${id}-info`} className={styles.infoText}>
                    {type.description}
                  </p>
                </details>
              </div>
            )
          })}
        </fieldset>
        <div className={styles.actions}>
          <button type="submit" className={styles.primaryButton} disabled={busy || (hydrated && !chosen)}>
            Download Report
          </button>
          {hydrated && !chosen ? <p className={styles.muted}>Choose a report type to download it.</p> : null}
        </div>
      </Form>
      <Outlet />
    </section>
  )
}
