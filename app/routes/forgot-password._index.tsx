// Forgot password: e-mail, New Password, Confirm Password, Get OTP (spec accounts §2 "Forgot mode").
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import * as styles from '../components/form.css'
import { FormErrors, NativeChecksWhileLoading, PasswordField, TextField } from '../components/FormParts'
import { HoneypotField } from '../components/Honeypot'
import { PlainPage } from '../components/Shell'
import { isBotSubmission } from '../honeypot.server'
import { pendingReset } from '../models/sign-in-flow.server'
import { retryAfterHeaders, tooManyRequests } from '../models/sign-in-retry'
import { forgotPasswordForm } from '../models/sign-in.schema'
import { signInApi } from '../models/sign-in.server'
import { parseForm } from '../utils/form-rules.server'
import { useZodForm } from '../utils/use-zod-form'
import { readFormData } from '../utils/read-form.server'

const hideFields = ['password', 'confirmPassword']

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request)
  const submission = parseForm(formData, forgotPasswordForm)
  if (submission.status !== 'success')
    return data({ lastResult: submission.reply({ hideFields }) }, { status: 400 })
  if (isBotSubmission(formData)) {
    return data(
      { lastResult: submission.reply({ formErrors: ['Something went wrong'], hideFields }) },
      { status: 400 },
    )
  }
  const { email, password } = submission.value
  const result = await signInApi(context).requestResetCode(email)
  if (!result.ok && result.status === 429) {
    // spec §5: 429 has its own message (and when to try again, decision 021); else 'Something went wrong'.
    const refused = tooManyRequests(result.retryAfter)
    return data(
      { lastResult: submission.reply({ formErrors: [refused.message], hideFields }) },
      { status: refused.status, headers: refused.headers },
    )
  }
  if (!result.ok) {
    return data(
      { lastResult: submission.reply({ formErrors: ['Something went wrong'], hideFields }) },
      { status: 400 },
    )
  }
  const cookie = await pendingReset.write({ email, password, sentAt: Date.now(), sends: 1 })
  return redirect('/forgot-password/verify', { headers: { 'Set-Cookie': cookie } })
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>()
  const [form, fields] = useZodForm(forgotPasswordForm, actionData?.lastResult)
  return (
    <PlainPage>
      <h1>Forgot Password</h1>
      <p>Choose a new password. We will e-mail you a one-time code to confirm it is you.</p>
      <Form method="post" {...form.props} className={styles.form}>
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} label="User name" type="email" autoComplete="username" autoFocus />
        <PasswordField field={fields.password} label="New Password" autoComplete="new-password" />
        <PasswordField field={fields.confirmPassword} label="Confirm Password" autoComplete="new-password" />
        <HoneypotField />
        <div className={styles.actions}>
          <button type="submit" className={styles.primary}>
            Get OTP
          </button>
          <Link to="/">Back to Login</Link>
        </div>
      </Form>
      <NativeChecksWhileLoading />
    </PlainPage>
  )
}

export const meta: MetaFunction = () => [{ title: 'Forgot Password · Ad Console' }]

export const headers: HeadersFunction = retryAfterHeaders
