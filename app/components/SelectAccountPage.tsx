import type { SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { selectAccountForm } from '../models/account.schema'
import { useZodForm } from '../utils/use-zod-form'
import * as styles from './form.css'
import { NativeChecksWhileLoading, TextField } from './FormParts'

/** 'Enter brand or seller ID', View Account. Shared by /admin/select-account and /select-account. */
export function SelectAccountPage({
  lastResult,
  current,
}: {
  lastResult?: SubmissionResult<string[]>
  current: number | null
}) {
  const [form, fields] = useZodForm(selectAccountForm, lastResult)
  return (
    <section aria-labelledby="select-account-heading" className={styles.card}>
      <h1 id="select-account-heading">Select account</h1>
      {current ? <p>Currently viewing account {current}.</p> : null}
      <Form method="post" {...form.props} className={styles.form}>
        <TextField
          field={fields.accountId}
          label="Enter brand or seller ID"
          inputMode="numeric"
          autoComplete="off"
        />
        <button type="submit" className={styles.primary}>
          View Account
        </button>
      </Form>
      <NativeChecksWhileLoading />
    </section>
  )
}
