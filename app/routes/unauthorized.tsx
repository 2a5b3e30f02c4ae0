// 'You are not authorized to view this page.' (spec accounts §2). Open to everyone, signed in or not:
// Login (/) sends a signed-in user on to their home. No menu.
import type { MetaFunction } from '@remix-run/node'
import * as styles from '../components/pages.css'
import { SkipLink } from '../components/Shell'

export default function Unauthorized() {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1}>
        <section className={styles.warningDialog} aria-labelledby="unauthorized-heading">
          <h1 id="unauthorized-heading">Unauthorized</h1>
          <p>You are not authorized to view this page.</p>
          <p className={styles.actions}>
            <a href="/" className={styles.primaryLink}>
              Go back to home page
            </a>
          </p>
        </section>
      </main>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Unauthorized · Ad Console' }]
