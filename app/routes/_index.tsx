// Login (/). Signed-in users are sent on to their home; a half-finished sign-in goes to its second factor.
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type HeadersFunction,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { ALREADY_LOGGED_IN } from '../../platform/contracts/auth-messages'
import * as styles from '../components/form.css'
import { FormErrors, NativeChecksWhileLoading, PasswordField, TextField } from '../components/FormParts'
import { HoneypotField } from '../components/Honeypot'
import { PlainPage } from '../components/Shell'
import { homePath } from '../guard.server'
import { isBotSubmission } from '../honeypot.server'
import { authApi } from '../models/auth.server'
import { passwordStageCookie, pendingLogin } from '../models/sign-in-flow.server'
import { retryAfterHeaders, tooManyRequests } from '../models/sign-in-retry'
import { loginForm } from '../models/sign-in.schema'
import { signInApi } from '../models/sign-in.server'
import { destroySession, readSession } from '../session.server'
import { parseForm } from '../utils/form-rules.server'
import { useZodForm } from '../utils/use-zod-form'
import { readFormData } from '../utils/read-form.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await readSession(request)
  if (!session) return null
  const checked = await authApi(context, session.token).session()
  if (!checked.ok) {
    // The session ended elsewhere (logout, another login, expiry): forget it and show Login.
    return data(null, { headers: { 'Set-Cookie': await destroySession() } })
  }
  if (checked.data.stage === 'PASSWORD') throw redirect('/login/verify')
  throw redirect(homePath(checked.data.role, checked.data.sellerId ?? session.sellerId))
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const submission = parseForm(formData, loginForm)
  if (submission.status !== 'success') {
    return data({ lastResult: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  if (isBotSubmission(formData)) {
    return data(
      { lastResult: submission.reply({ formErrors: ['Something went wrong'], hideFields: ['password'] }) },
      {
        status: 400,
      },
    )
  }
  const { email, password } = submission.value
  const result = await signInApi(context).login({ email, password })
  if (result.ok) {
    const cookie = await passwordStageCookie(result.data, context)
    return redirect('/login/verify', { headers: { 'Set-Cookie': cookie } })
  }
  if (result.status === 401 && result.message === ALREADY_LOGGED_IN) {
    return redirect('/login/elsewhere', {
      headers: { 'Set-Cookie': await pendingLogin.write({ email, password }) },
    })
  }
  if (result.status === 429) {
    // Rate limited or locked (one answer, decision 021): say when to try again, from Retry-After.
    const refused = tooManyRequests(result.retryAfter)
    return data(
      { lastResult: submission.reply({ formErrors: [refused.message], hideFields: ['password'] }) },
      { status: refused.status, headers: refused.headers },
    )
  }
  return data(
    { lastResult: submission.reply({ formErrors: [result.message], hideFields: ['password'] }) },
    { status: 400 },
  )
}

export default function Login() {
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useZodForm(loginForm, actionData?.lastResult)
  return (
    <PlainPage>
      <h1>Login</h1>
      <p>Sign in to the Ad Console to manage your sponsored and privilege campaigns.</p>
      <Form method="post" {...form.props} className={styles.form}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label="User name" type="email" autoComplete="username" autoFocus />
        <PasswordField field={fields.password} label="Password" autoComplete="current-password" />
        <HoneypotField />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={navigation.state === 'submitting'}>
            Login
          </button>
          <Link to="/forgot-password">Forgot Password</Link>
        </div>
      </Form>
      <NativeChecksWhileLoading />
      <p>
        <Link to="/StaticTnCPage">Terms and Conditions</Link>
      </p>
    </PlainPage>
  )
}

/** A refused attempt's Retry-After reaches the browser with the page or its data. */
export const headers: HeadersFunction = retryAfterHeaders

export const meta: MetaFunction = () => [{ title: 'Login · Ad Console' }]
