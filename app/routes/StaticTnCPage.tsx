// The terms for anyone who is not signed in (linked from Login). Signed-in users who have accepted go to
// the unauthorized page (spec accounts §2 "Route guard").
import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { TermsDocument, TermsSummary } from '../components/TermsDocument'
import * as styles from '../components/pages.css'
import { UNAUTHORIZED_PATH } from '../guard.server'
import { signedInVisitor } from '../models/visitor.server'
import { SkipLink } from '../components/Shell'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await signedInVisitor(request, context)
  if (visitor?.info.tncAcceptance) throw redirect(UNAUTHORIZED_PATH)
  return null
}

export default function StaticTermsPage() {
  return (
    <>
      <SkipLink />
      <main className={styles.widePage} id="main" tabIndex={-1}>
        <h1>Terms and Conditions</h1>
        <p className={styles.lead}>
          The terms every seller, brand and agency accepts before using the Ad Console.
        </p>
        <TermsDocument />
        <p>
          <a href="/">Back to Login</a>
        </p>
        <TermsSummary />
      </main>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Terms and Conditions · Ad Console' }]
