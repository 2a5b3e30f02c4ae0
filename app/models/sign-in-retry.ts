// What a sign-in page says, and what it sends, when the platform answers 429 (rate limit, locked account
// or two-factor lockout: decision 021 made them one answer): the platform's message, then when to try
// again from its Retry-After. One rule for every step (login, log in here, two-factor, forgot password).
import { TOO_MANY_REQUESTS } from '../../platform/contracts/auth-messages'

/** The wait when a 429 comes without a usable Retry-After (never from our platform; a remote one might). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60

/** When a refused step may be tried again: whole minutes (rounded up), or seconds under a minute. */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `You can try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
  const minutes = Math.ceil(seconds / 60)
  return `You can try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}

/**
 * The page's message for a 429 and the headers that pass the wait on to the browser (status 429 and
 * `Retry-After`, so a program or a retrying client sees it too).
 */
export function tooManyRequests(retryAfter: number | undefined) {
  const wait = Math.max(1, Math.ceil(retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS))
  return {
    message: `${TOO_MANY_REQUESTS} ${tryAgainIn(wait)}`,
    status: 429 as const,
    headers: { 'Retry-After': String(wait) },
  }
}

/**
 * A route's `headers` export that hands a 429's Retry-After to the browser. Remix sends only the cookies
 * of an action's `data(…, { headers })` unless the route says which other headers to keep, for the page
 * (no JavaScript) and for its data request (JavaScript) alike.
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const wait = actionHeaders.get('Retry-After')
  return wait ? { 'Retry-After': wait } : {}
}
