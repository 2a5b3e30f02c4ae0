// The Delink Request form (AGENCY, BRAND): Brand Id, Agency Email Id, Delink Reason, prefilled with the
// user's own id or e-mail (spec accounts §2 "Agency links", §5; decision 036).
import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { delinkRequestForm } from '../../models/links.schema'
import { type Field, inputProps, useZodForm } from '../../utils/use-zod-form'
import * as formStyles from '../form.css'
import { FieldError, FormErrors, NativeChecksWhileLoading, TextField } from '../FormParts'
import { ErrorPanel } from './LinkParts'
import * as styles from './links.css'

/** A labelled multi-line field bound to a form-kit field. */
function TextAreaField({ field, label }: { field: Field; label: string }) {
  const { type: _type, pattern: _pattern, ...props } = inputProps(field, { type: 'text' })
  return (
    <div className={formStyles.field}>
      <label htmlFor={field.id}>{label}</label>
      <textarea key={field.key} {...props} rows={4} className={styles.textarea} />
      <FieldError field={field} />
    </div>
  )
}

export function DelinkRequestPage({
  prefill,
  lastResult,
  actionError,
}: {
  prefill: SubmissionResult<string[]>
  lastResult?: SubmissionResult<string[]>
  actionError?: string | null
}) {
  const [form, fields] = useZodForm(delinkRequestForm, lastResult ?? prefill)
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  return (
    <section aria-labelledby="delink-heading" className={styles.page}>
      <h1 id="delink-heading" className={styles.title}>
        Delink Request
      </h1>
      <div className={formStyles.card}>
        <Form method="post" {...form.props} className={formStyles.form}>
          <FormErrors errors={form.errors} id={form.errorId} />
          <TextField field={fields.brandId} label="Brand Id" inputMode="numeric" autoComplete="off" />
          <TextField field={fields.agencyId} label="Agency Email Id" type="email" autoComplete="off" />
          <TextAreaField field={fields.deLinkReason} label="Delink Reason" />
          <button type="submit" className={formStyles.primary} disabled={sending}>
            Submit
          </button>
        </Form>
        <NativeChecksWhileLoading />
      </div>
      <ErrorPanel message={actionError} />
    </section>
  )
}
