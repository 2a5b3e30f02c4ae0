// 'You are logged in elsewhere': Continue signs in here and ends the other sessions; Cancel goes back.
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form } from '@remix-run/react'
import * as styles from '../components/form.css'
import { PlainPage } from '../components/Shell'
import { flashCookie } from '../flash.server'
import { passwordStageCookie, pendingLogin } from '../models/sign-in-flow.server'
import { tooManyRequests } from '../models/sign-in-retry'
import { signInApi } from '../models/sign-in.server'
import { readFormData } from '../utils/read-form.server'

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await pendingLogin.read(request))) throw redirect('/')
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await pendingLogin.read(request)
  const formData = await readFormData(request)
  const headers = new Headers({ 'Set-Cookie': await pendingLogin.clear() })
  if (!pending || formData.get('intent') !== 'continue') return redirect('/', { headers })

  const result = await signInApi(context).login({ ...pending, loginHere: true })
  if (!result.ok) {
    const message = result.status === 429 ? tooManyRequests(result.retryAfter).message : result.message
    headers.append('Set-Cookie', await flashCookie(request, { kind: 'error', message }))
    return redirect('/', { headers })
  }
  headers.append('Set-Cookie', await passwordStageCookie(result.data, context))
  return redirect('/login/verify', { headers })
}

export default function LoggedInElsewhere() {
  return (
    <PlainPage>
      <section
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="elsewhere-heading"
        aria-describedby="elsewhere-text"
      >
        <h1 id="elsewhere-heading">You are logged in elsewhere</h1>
        <p id="elsewhere-text">
          Your account is signed in on another device or browser. Continue to sign in here: the other session
          will be logged out.
        </p>
        <Form method="post" className={styles.actions}>
          <button type="submit" name="intent" value="cancel" className={styles.secondary}>
            Cancel
          </button>
          <button type="submit" name="intent" value="continue" className={styles.primary}>
            Continue
          </button>
        </Form>
      </section>
    </PlainPage>
  )
}

export const meta: MetaFunction = () => [{ title: 'You are logged in elsewhere · Ad Console' }]
