import { cssBundleHref } from '@remix-run/css-bundle'
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from '@remix-run/react'
import { type ReactNode, useEffect } from 'react'
import { Banner } from './components/Banner'
import { ErrorMessage } from './components/ErrorMessage'
import { PlainPage } from './components/Shell'
import { takeFlash } from './flash.server'
import './styles/global.css'
import { useNonce } from './utils/nonce'

export const links: LinksFunction = () => [
  ...(cssBundleHref ? [{ rel: 'stylesheet', href: cssBundleHref }] : []),
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { flash, setCookie } = await takeFlash(request)
  return data({ flash }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined)
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  // Set once React has hydrated the page (the layout's effect runs after every child's): the browser
  // tests wait for it before a step that only scripts make happen, such as a filter applied on change.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { flash } = useLoaderData<typeof loader>()
  return (
    <>
      {flash ? (
        <div data-testid="flash">
          <Banner kind={flash.kind}>{flash.message}</Banner>
        </div>
      ) : null}
      <Outlet />
    </>
  )
}

export const meta: MetaFunction = () => [{ title: 'Ad Console' }]

export function ErrorBoundary() {
  // Outside the console shell (the shell layouts have their own). Never a stack trace or a service's
  // own text: a status and a sentence, in every environment.
  return (
    <PlainPage>
      <ErrorMessage error={useRouteError()} back="/" />
    </PlainPage>
  )
}
