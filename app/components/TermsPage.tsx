import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { termsForm } from '../models/terms.schema'
import * as form from './form.css'
import { NativeChecksWhileLoading } from './FormParts'
import * as styles from './pages.css'
import { TermsDocument } from './TermsDocument'
import { inputProps, useZodForm } from '../utils/use-zod-form'
import { SkipLink } from './Shell'

/** The click-wrap (spec accounts §2 "Terms page"): the PDF, the box to tick, Continue, and Decline. */
export function ClickWrapPage({
  name,
  lastResult,
}: {
  name: string
  lastResult?: SubmissionResult<string[]>
}) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [accept, fields] = useZodForm(termsForm, lastResult)
  const agreed = fields.tncAcceptance.value === 'on'
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const errors = [...(fields.tncAcceptance.errors ?? []), ...(accept.errors ?? [])]
  // The box is not `required`: with JavaScript the disabled Continue is the hint, without it the
  // server's message appears in the page (and is announced), the same text either way.
  const { required: _required, ...checkboxProps } = inputProps(fields.tncAcceptance, { type: 'checkbox' })

  return (
    <>
      <SkipLink />
      <main className={styles.widePage} id="main" tabIndex={-1}>
        <h1>Terms and Conditions</h1>
        <p className={styles.lead}>
          Welcome, {name}. Please read the Ad Console Terms and Conditions below. You can use the console once
          you have accepted them.
        </p>
        <TermsDocument />
        <Form method="post" {...accept.props}>
          <div className={form.field}>
            <label className={styles.checkboxRow}>
              <input {...checkboxProps} className={styles.checkbox} />I agree with the Terms and Conditions
            </label>
            {errors.length ? (
              <p id={fields.tncAcceptance.errorId} className={form.error} role="alert">
                {errors[0]}
              </p>
            ) : null}
          </div>
          <div className={styles.actions}>
            <button
              type="submit"
              name="intent"
              value="accept"
              className={form.primary}
              disabled={(hydrated && !agreed) || busy}
            >
              Continue
            </button>
          </div>
        </Form>
        <NativeChecksWhileLoading />
        <Form method="post" className={styles.actions}>
          <p>Do not agree? Declining signs you out; the console cannot be used without accepting.</p>
          <button type="submit" name="intent" value="decline" className={styles.secondary} disabled={busy}>
            Decline
          </button>
        </Form>
      </main>
    </>
  )
}
