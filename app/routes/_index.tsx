// Login (/). Signed-in users are sent on to their home (spec accounts §2 route table).
import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { PlainPage } from '../components/Shell'
import { homePath } from '../guard.server'
import { authApi } from '../models/auth.server'
import { readSession } from '../session.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await readSession(request)
  if (session) {
    const checked = await authApi(context, session.token).session()
    if (checked.ok && checked.data.stage === 'FULL') {
      const sellerId = checked.data.sellerId ?? session.sellerId
      throw redirect(homePath(checked.data.role, sellerId))
    }
  }
  return null
}

export default function Login() {
  return (
    <PlainPage>
      <h1>Login</h1>
      <p>Sign in to the Ad Console to manage your sponsored and privilege campaigns.</p>
    </PlainPage>
  )
}

export const meta: MetaFunction = () => [{ title: 'Login · Ad Console' }]
