// The terms error popup (spec accounts §6, §8): where SUPERADMIN and OPS land when a platform call
// answers 406 (redirectForStatus). Without JavaScript it is a page; drawn as a dialog. No menu.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form } from '@remix-run/react'
import * as form from '../components/form.css'
import * as styles from '../components/pages.css'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'
import { SkipLink } from '../components/Shell'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.tncErrorPopup)
  return null
}

export default function TermsErrorPopup() {
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1}>
        <div
          role="alertdialog"
          aria-labelledby="tnc-error-heading"
          aria-describedby="tnc-error-text"
          className={styles.warningDialog}
        >
          <h1 id="tnc-error-heading">Terms and Conditions pending</h1>
          <p id="tnc-error-text">
            The Terms and Conditions for this account have not been accepted yet, so this action cannot be
            completed. The account's own users must accept them before you can continue.
          </p>
          <div className={styles.actions}>
            <Form method="post" action="/logout">
              <button type="submit" className={form.primary}>
                Logout
              </button>
            </Form>
            <a href="/" className={styles.secondary}>
              Go back to home page
            </a>
          </div>
        </div>
      </main>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Terms and Conditions pending · Ad Console' }]
