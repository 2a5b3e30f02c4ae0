// Flash messages: set by an action before it redirects, shown once by the next page.
import { createCookieSessionStorage, redirect } from '@remix-run/node'

export type Flash = { kind: 'success' | 'error' | 'info'; message: string }

/**
 * A value an action hands to the next page once, in its own signed cookie. The console's flash below is
 * one; a page that shows its message beside a form (not as the root's top banner) keeps its own.
 */
export function pageFlash<T>(name: string) {
  const storage = () =>
    createCookieSessionStorage<Record<string, never>, { value: T }>({
      cookie: {
        name,
        httpOnly: true,
        sameSite: 'lax',
        // '/', not the page's path: a JS navigation's loader request is <path>.data.
        path: '/',
        secure: process.env.COOKIE_SECURE === 'true',
        secrets: [process.env.SESSION_SECRET ?? 'unset'],
      },
    })
  return {
    /** The Set-Cookie header that carries `value` to the next page. */
    async set(request: Request, value: T): Promise<string> {
      const session = await storage().getSession(request.headers.get('Cookie'))
      session.flash('value', value)
      return storage().commitSession(session)
    },
    /** Reads (and consumes) the value; returns it with the Set-Cookie that clears it. */
    async take(request: Request): Promise<{ value: unknown; setCookie: string | null }> {
      const cookieHeader = request.headers.get('Cookie')
      if (!cookieHeader?.includes(`${name}=`)) return { value: null, setCookie: null }
      const session = await storage().getSession(cookieHeader)
      const value = (session.get('value') as unknown) ?? null
      return { value, setCookie: value === null ? null : await storage().commitSession(session) }
    },
  }
}

const consoleFlash = pageFlash<Flash>('console_flash')

/** The Set-Cookie header that carries a flash message to the next page. */
export function flashCookie(request: Request, flash: Flash): Promise<string> {
  return consoleFlash.set(request, flash)
}

/** Reads (and consumes) the flash message; returns it with the Set-Cookie that clears it. */
export async function takeFlash(
  request: Request,
): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const { value, setCookie } = await consoleFlash.take(request)
  return { flash: (value as Flash | null) ?? null, setCookie }
}

/** A redirect that carries a flash message to the page it lands on. */
export async function redirectWithFlash(request: Request, to: string, flash: Flash): Promise<Response> {
  return redirect(to, { headers: { 'Set-Cookie': await flashCookie(request, flash) } })
}
