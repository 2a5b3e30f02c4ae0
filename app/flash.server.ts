// Flash messages: set by an action before it redirects, shown once by the next page.
import { createCookieSessionStorage, redirect } from '@remix-run/node'

export type Flash = { kind: 'success' | 'error' | 'info'; message: string }

const storage = () =>
  createCookieSessionStorage<Record<string, never>, { flash: Flash }>({
    cookie: {
      name: 'console_flash',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: process.env.COOKIE_SECURE === 'true',
      secrets: [process.env.SESSION_SECRET ?? 'unset'],
    },
  })

/** The Set-Cookie header that carries a flash message to the next page. */
export async function flashCookie(request: Request, flash: Flash): Promise<string> {
  const session = await storage().getSession(request.headers.get('Cookie'))
  session.flash('flash', flash)
  return storage().commitSession(session)
}

/** Reads (and consumes) the flash message; returns it with the Set-Cookie that clears it. */
export async function takeFlash(
  request: Request,
): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get('Cookie')
  if (!cookieHeader?.includes('console_flash=')) return { flash: null, setCookie: null }
  const session = await storage().getSession(cookieHeader)
  const flash = (session.get('flash') as Flash | undefined) ?? null
  return { flash, setCookie: flash ? await storage().commitSession(session) : null }
}

/** A redirect that carries a flash message to the page it lands on. */
export async function redirectWithFlash(request: Request, to: string, flash: Flash): Promise<Response> {
  return redirect(to, { headers: { 'Set-Cookie': await flashCookie(request, flash) } })
}
