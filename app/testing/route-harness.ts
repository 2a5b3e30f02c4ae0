// Route tests without a browser: a real AppLoadContext whose platformFetch is the in-process test
// platform (its own copy of the seeded test database), signed-in session cookies for seeded users,
// and helpers that call a route module's loader or action the way Remix does and report what a
// browser would get: status, redirect target, Set-Cookie and data. Decision 019.
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import type { SessionInfo } from '../../platform/contracts/auth'
import { createTestPlatform, type TestPlatform } from '../../platform/testing/platform'
import { commitSession } from '../session.server'

export const TEST_SESSION_SECRET = 'route-test-session-secret-0123456789abcdef'
const ORIGIN = 'http://console.test'

/** What the browser would receive from a loader or action. */
export type RouteAnswer<T = unknown> = {
  status: number
  /** Where a redirect points (null when not a redirect). */
  location: string | null
  headers: Headers
  /** Every Set-Cookie as `name=value` pairs, ready to send back. */
  cookies: string[]
  data: T
}

type RouteFunction<A> = (args: A) => unknown

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: string }).type === 'DataWithResponseInit'
  )
}

async function answerOf(run: () => unknown): Promise<RouteAnswer> {
  let result: unknown
  try {
    result = await run()
  } catch (thrown) {
    // Remix turns a thrown Response into the answer (redirects, 4xx); anything else is a bug.
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  if (result instanceof Response) {
    const text = await result.text()
    let data: unknown = text
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      // plain text body
    }
    return settle(result.status, result.headers, data)
  }
  if (isDataWithInit(result)) {
    return settle(result.init?.status ?? 200, new Headers(result.init?.headers), result.data)
  }
  return settle(200, new Headers(), result)
}

function settle(status: number, headers: Headers, data: unknown): RouteAnswer {
  const cookies = headers.getSetCookie().map((c) => c.split(';')[0]!)
  return { status, location: headers.get('Location'), headers, cookies, data }
}

export type RouteHarness = Awaited<ReturnType<typeof createRouteHarness>>

/** Opens a test platform; call `close()` in afterAll. */
export async function createRouteHarness(options: { now?: Date } = {}) {
  process.env.SESSION_SECRET = TEST_SESSION_SECRET
  process.env.COOKIE_SECURE = 'false'
  const t: TestPlatform = await createTestPlatform({ now: options.now })
  let requests = 0

  /** A fresh load context per request, as the server's getLoadContext builds it. */
  function context(): AppLoadContext {
    requests++
    return {
      platformFetch: t.platform.scopedFetch(),
      clientIp: '127.0.0.1',
      cspNonce: 'test-nonce',
      requestId: `route-test-${requests}`,
    }
  }

  /** The console's session cookie (`name=value`) of a seeded user with a real platform session. */
  async function cookieFor(
    email: string,
    options: { stage?: SessionInfo['stage']; sellerId?: number | null } = {},
  ): Promise<string> {
    const user = await t.userByEmail(email)
    const token = await t.tokenFor(email, options.stage ?? 'FULL')
    const setCookie = await commitSession({
      token,
      role: user.role,
      userId: user.id,
      userEmail: user.email,
      sellerId: options.sellerId ?? null,
      tncAcceptance: user.tncAcceptance,
      twoFactorRegistered: user.twoFactorRegistered,
      ipAddress: '127.0.0.1',
    })
    return setCookie.split(';')[0]!
  }

  function request(
    path: string,
    init: {
      cookie?: string | string[]
      /** A form's fields; pairs repeat a name (checkboxes). */
      form?: Record<string, string> | [string, string][]
      method?: string
    } = {},
  ) {
    const headers = new Headers()
    const cookies = typeof init.cookie === 'string' ? [init.cookie] : (init.cookie ?? [])
    if (cookies.length) headers.set('Cookie', cookies.join('; '))
    const body = init.form ? new URLSearchParams(init.form) : undefined
    if (body) headers.set('Content-Type', 'application/x-www-form-urlencoded')
    return new Request(new URL(path, ORIGIN), {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
    })
  }

  /** Runs a loader for a GET of `path`. */
  function load<T = unknown>(
    loader: RouteFunction<LoaderFunctionArgs>,
    path: string,
    init: { cookie?: string | string[]; params?: Record<string, string> } = {},
  ) {
    return answerOf(() =>
      loader({ request: request(path, init), context: context(), params: init.params ?? {} }),
    ) as Promise<RouteAnswer<T>>
  }

  /** Runs an action for a form POST to `path`. */
  function submit<T = unknown>(
    action: RouteFunction<ActionFunctionArgs>,
    path: string,
    form: Record<string, string> | [string, string][],
    init: { cookie?: string | string[]; params?: Record<string, string> } = {},
  ) {
    return answerOf(() =>
      action({ request: request(path, { ...init, form }), context: context(), params: init.params ?? {} }),
    ) as Promise<RouteAnswer<T>>
  }

  return { t, context, cookieFor, request, load, submit, close: () => t.close() }
}

/** The field and form errors of a conform reply (`lastResult`) in an action's data. */
export function formErrors(data: unknown): Record<string, string[]> {
  const reply = (data as { lastResult?: { error?: Record<string, string[] | null> } } | null)?.lastResult
  const errors: Record<string, string[]> = {}
  for (const [name, messages] of Object.entries(reply?.error ?? {})) {
    if (messages?.length) errors[name] = messages
  }
  return errors
}
