// Logout: ends the session on the platform, clears the cookie, back to Login. POST only.
import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { authApi } from '../models/auth.server'
import { destroySession, readSession } from '../session.server'

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await readSession(request)
  if (session) {
    // A session that is already gone on the platform (401) is fine: the cookie goes either way.
    const result = await authApi(context, session.token).logout()
    if (!result.ok && result.status !== 401) {
      throw new Response('Logout failed, please try again', { status: 502 })
    }
  }
  return redirect('/', { headers: { 'Set-Cookie': await destroySession() } })
}

export const loader = () => redirect('/')
