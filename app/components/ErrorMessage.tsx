// What an error page says: the status and a plain sentence, never a stack trace or a service's own
// text (decision 015). Used by the shell's error boundaries and by the root one outside the shell.
import { isRouteErrorResponse, Link } from '@remix-run/react'
import { UNREADABLE_FORM_PAGE } from '../utils/read-form'
import * as styles from './shell.css'

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Page not found',
  405: 'Not allowed',
  413: 'Too large',
  429: 'Too many requests',
  502: 'Service error',
  503: 'Service unavailable',
}

const SENTENCES: Record<number, string> = {
  400: 'The request could not be understood. Go back and try again.',
  401: 'Your session has ended. Sign in again to continue.',
  403: 'You are not allowed to see this page.',
  404: 'This page does not exist, or it is not available to you.',
  413: 'What you sent is larger than this page accepts.',
  429: 'Too many requests in a short time. Wait a moment and try again.',
  502: 'A service behind this page did not answer as expected. Try again in a moment.',
  503: 'A service behind this page is unavailable. Try again in a moment.',
}

const FALLBACK = 'Something went wrong on our side. Try again, or go back to the home page.'

/** The status (500 for anything that is not an error response), a title and a sentence. */
export function describeError(error: unknown): { status: number; title: string; sentence: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500
  // A form body an action could not read (decision 052): its own sentence, which is ours, not a service's.
  const unreadable = status === 400 && isRouteErrorResponse(error) && error.data === UNREADABLE_FORM_PAGE
  return {
    status,
    title: TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'Request refused'),
    sentence: unreadable ? UNREADABLE_FORM_PAGE : (SENTENCES[status] ?? FALLBACK),
  }
}

/** The error's heading, sentence and a link back. */
export function ErrorMessage({ error, back }: { error: unknown; back: string }) {
  const { status, title, sentence } = describeError(error)
  return (
    <section aria-labelledby="error-heading" className={styles.errorBox} data-testid="error-page">
      <h1 id="error-heading">
        {status} {title}
      </h1>
      <p>{sentence}</p>
      <p>
        <Link to={back} className={styles.backLink}>
          Go back to home page
        </Link>
      </p>
    </section>
  )
}
