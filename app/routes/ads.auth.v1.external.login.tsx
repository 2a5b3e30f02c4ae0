// External login landing (spec accounts §2, §7): the marketplace's seller portal sends a seller here with
// a signed, single-use hand-off in the query string. The page shows 'Redirecting...' and posts the query
// string on: at once with JavaScript, by its Continue button without. Signed-in visitors go home first.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Banner } from '../components/Banner'
import * as form from '../components/form.css'
import * as styles from '../components/pages.css'
import { signInExternally } from '../models/external-login.server'
import { redirectSignedInHome } from '../models/visitor.server'
import { SkipLink } from '../components/Shell'
import { readFormData } from '../utils/read-form.server'

const INCOMPLETE_LINK = 'This login link is incomplete. Open the Ad Console again from the seller portal.'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedInHome(request, context)
  return { query: new URL(request.url).search.replace(/^\?/, '') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await redirectSignedInHome(request, context)
  const query = String((await readFormData(request)).get('query') ?? '').trim()
  if (!query || query.length > 2048) return data({ error: INCOMPLETE_LINK }, { status: 400 })
  return signInExternally(context, query)
}

export default function ExternalLogin() {
  const { query } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const handOff = useRef<HTMLFormElement>(null)
  const refused = actionData?.error ?? (query ? null : INCOMPLETE_LINK)

  useEffect(() => {
    // Runs once, after hydration: a refused hand-off is never re-posted.
    if (!refused) handOff.current?.requestSubmit()
  }, [refused])

  if (refused) {
    return (
      <>
        <SkipLink />
        <main id="main" tabIndex={-1}>
          <section className={styles.warningDialog} aria-labelledby="external-login-heading">
            <h1 id="external-login-heading">Sign-in link not accepted</h1>
            <Banner kind="error">{refused}</Banner>
            <p>Sign-in links from the seller portal work once, for a few minutes.</p>
            <p className={styles.actions}>
              <a href="/" className={styles.primaryLink}>
                Go to Login
              </a>
            </p>
          </section>
        </main>
      </>
    )
  }
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1}>
        <section className={styles.dialog} aria-labelledby="external-login-heading" aria-busy="true">
          <h1 id="external-login-heading">Redirecting...</h1>
          <p>Signing you in to the Ad Console from the seller portal.</p>
          <Form method="post" action="/ads/auth/v1/external/login" ref={handOff}>
            <input type="hidden" name="query" value={query} />
            <noscript>
              <p>JavaScript is off: select Continue to sign in.</p>
            </noscript>
            <button type="submit" className={form.primary}>
              Continue
            </button>
          </Form>
        </section>
      </main>
    </>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Redirecting... · Ad Console' },
  { name: 'robots', content: 'noindex' },
]
