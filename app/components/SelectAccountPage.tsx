import { getFormProps, getInputProps, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { selectAccountSchema } from '../models/account.schema'
import * as styles from './form.css'
import { useZodForm } from '../utils/use-zod-form'

/** 'Enter brand or seller ID', View Account. Shared by /admin/select-account and /select-account. */
export function SelectAccountPage({
  lastResult,
  current,
}: {
  lastResult?: SubmissionResult<string[]>
  current: number | null
}) {
  const [form, fields] = useZodForm(selectAccountSchema, lastResult)
  return (
    <section aria-labelledby="select-account-heading" className={styles.card}>
      <h1 id="select-account-heading">Select account</h1>
      {current ? <p>Currently viewing account {current}.</p> : null}
      <Form method="post" {...getFormProps(form)} className={styles.form}>
        <div className={styles.field}>
          <label htmlFor={fields.accountId.id}>Enter brand or seller ID</label>
          <input
            {...getInputProps(fields.accountId, { type: 'text' })}
            inputMode="numeric"
            autoComplete="off"
            className={styles.input}
          />
          {fields.accountId.errors ? (
            <p id={fields.accountId.errorId} className={styles.error} role="alert">
              {fields.accountId.errors[0]}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.primary}>
          View Account
        </button>
      </Form>
    </section>
  )
}
