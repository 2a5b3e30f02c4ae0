// The OAuth home, the SELLER welcome page after approval (spec accounts §2: a message plus a Logout
// button, SELLER only). No menu.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import * as styles from '../components/pages.css'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'
import { SkipLink } from '../components/Shell'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.home)
  return { name: user.info.name }
}

export default function Home() {
  const { name } = useLoaderData<typeof loader>()
  return (
    <>
      <SkipLink />
      <main id="main" tabIndex={-1}>
        <section className={styles.dialog} aria-labelledby="welcome-heading">
          <h1 id="welcome-heading">Welcome, {name}</h1>
          <p>
            Your seller account is approved for the Ad Console. You can now create sponsored and privilege
            campaigns for your products on the Marketplace.
          </p>
          <div className={styles.actions}>
            <Link to="/campaigns" className={styles.primaryLink}>
              Go to campaigns
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className={styles.secondary}>
                Logout
              </button>
            </Form>
          </div>
        </section>
      </main>
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Welcome · Ad Console' }]
