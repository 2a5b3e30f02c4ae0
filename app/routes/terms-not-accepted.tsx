// Where a user lands after declining the terms (spec accounts §2 "Terms-not-accepted page"). They have
// been signed out already, so the page is open to everyone.
import type { MetaFunction } from '@remix-run/node'
import * as styles from '../components/pages.css'
import { TERMS_PDF } from '../components/TermsDocument'
import { SkipLink } from '../components/Shell'

export default function TermsNotAccepted() {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1}>
        <section className={styles.warningDialog} aria-labelledby="terms-not-accepted-heading">
          <h1 id="terms-not-accepted-heading">Terms and Conditions not accepted</h1>
          <p>
            The Ad Console can only be used after accepting its Terms and Conditions, so you have been signed
            out.
          </p>
          <p>
            If you change your mind, sign in again and tick 'I agree with the Terms and Conditions' to
            continue. You can <a href={TERMS_PDF}>read the Terms and Conditions (PDF)</a> at any time.
          </p>
          <p className={styles.actions}>
            <a href="/" className={styles.primaryLink}>
              Back to Login
            </a>
          </p>
        </section>
      </main>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Terms not accepted · Ad Console' }]
