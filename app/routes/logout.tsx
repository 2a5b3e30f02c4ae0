// Logout: ends the session on the platform, clears the cookie, back to Login. POST only.
// spec accounts §7: a logout answered 'Invalid token' (a session already ended or never valid) goes to
// /unauthorized; the cookie goes either way.
import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { authApi } from '../models/auth.server'
import { destroySession, readSession } from '../session.server'

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await readSession(request)
  const headers = { 'Set-Cookie': await destroySession() }
  if (session) {
    const result = await authApi(context, session.token).logout()
    if (!result.ok && result.status === 401 && result.message === 'Invalid token') {
      throw redirect('/unauthorized', { headers })
    }
    if (!result.ok && result.status !== 401) {
      throw new Response('Logout failed, please try again', { status: 502 })
    }
  }
  return redirect('/', { headers })
}

export const loader = () => redirect('/')
