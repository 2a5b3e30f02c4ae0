// The terms themselves, without the click-wrap form (no validation code in pages that only show them).
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
