import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { termsSchema } from '../models/terms.schema'
import * as form from './form.css'
import * as styles from './pages.css'

/** Where the terms live (spec accounts §9: "Terms PDF at /tnc.pdf"). */
export const TERMS_PDF = '/tnc.pdf'

/** The PDF in a frame, with links to open it on its own or save it. */
export function TermsDocument() {
  return (
    <>
      <iframe src={TERMS_PDF} title="Terms and Conditions" className={styles.frame} />
      <p className={styles.documentLinks}>
        <a href={TERMS_PDF} target="_blank" rel="noreferrer">
          Open the Terms and Conditions (PDF)
        </a>
        <a href={TERMS_PDF} download="Ad-Console-Terms-and-Conditions.pdf">
          Download the Terms and Conditions
        </a>
      </p>
    </>
  )
}

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
  const [accept, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(termsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: termsSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const agreed = fields.tncAcceptance.value === 'on'
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const errors = [...(fields.tncAcceptance.errors ?? []), ...(accept.errors ?? [])]
  // The box is not `required`: with JavaScript the disabled Continue is the hint, without it the
  // server's message appears in the page (and is announced), the same text either way.
  const { required: _required, ...checkboxProps } = getInputProps(fields.tncAcceptance, { type: 'checkbox' })

  return (
    <main className={styles.widePage} id="main">
      <h1>Terms and Conditions</h1>
      <p className={styles.lead}>
        Welcome, {name}. Please read the Ad Console Terms and Conditions below. You can use the console once
        you have accepted them.
      </p>
      <TermsDocument />
      <Form method="post" {...getFormProps(accept)}>
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
      <Form method="post" className={styles.actions}>
        <p>Do not agree? Declining signs you out; the console cannot be used without accepting.</p>
        <button type="submit" name="intent" value="decline" className={styles.secondary} disabled={busy}>
          Decline
        </button>
      </Form>
    </main>
  )
}

/** The terms in brief, under the PDF on the public terms page. */
export function TermsSummary() {
  return (
    <section className={styles.summary} aria-labelledby="terms-summary-heading">
      <h2 id="terms-summary-heading">The terms in brief</h2>
      <p>This summary is for convenience only; the PDF above is the binding text.</p>
      <ul className={styles.summaryList}>
        <li>
          The terms apply to sellers, brands and agencies using the Ad Console, and must be accepted before
          campaigns can be created or managed.
        </li>
        <li>
          Your sign-in is personal and protected by a one-time code from an authenticator app; only one active
          sign-in per user is allowed.
        </li>
        <li>
          Agencies act only for brands that have approved a link with them, and only while the link lasts.
        </li>
        <li>
          Promote only products you may sell on the Marketplace. Campaigns that mislead, infringe rights or
          concern restricted products may be paused or removed.
        </li>
        <li>
          Clicks are charged at no more than your bid, from your credit limit, payments and promotional
          credits. Amounts are in Indian Rupees, exclusive of GST. Campaigns pause when no credit is left.
        </li>
        <li>
          Reports are for your own business use; personal data is handled under the Digital Personal Data
          Protection Act, 2023.
        </li>
        <li>
          Access can be suspended for a breach of the terms. The terms are governed by the laws of India; the
          courts at Bengaluru have jurisdiction.
        </li>
      </ul>
    </section>
  )
}
