// The forgot-password OTP step: the code e-mailed to the user, Verify, Cancel, and Resend after a
// timer (45 s after the first code, then 300 s), shown as mm:ss and counted down when JavaScript runs.
import {
  type HeadersFunction,
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useEffect, useState } from 'react'
import * as styles from '../components/form.css'
import { NativeChecksWhileLoading, OtpInputs } from '../components/FormParts'
import { PlainPage } from '../components/Shell'
import { pendingReset } from '../models/sign-in-flow.server'
import { retryAfterHeaders, tooManyRequests } from '../models/sign-in-retry'
import { formatCountdown, otpForm, resendDelaySeconds } from '../models/sign-in.schema'
import { signInApi } from '../models/sign-in.server'
import { parseForm } from '../utils/form-rules.server'
import { useZodForm } from '../utils/use-zod-form'
import { readFormData } from '../utils/read-form.server'

const secondsLeft = (sentAt: number, sends: number, now = Date.now()) =>
  Math.max(0, Math.ceil((sentAt + resendDelaySeconds(sends) * 1000 - now) / 1000))

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await pendingReset.read(request)
  if (!pending) throw redirect('/forgot-password')
  return { email: pending.email, resendIn: secondsLeft(pending.sentAt, pending.sends) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const pending = await pendingReset.read(request)
  if (!pending) return redirect('/forgot-password')
  const formData = await readFormData(request)
  const intent = formData.get('intent')

  if (intent === 'cancel') return redirect('/', { headers: { 'Set-Cookie': await pendingReset.clear() } })

  if (intent === 'resend') {
    const wait = secondsLeft(pending.sentAt, pending.sends)
    const submission = parseForm(formData, otpForm)
    if (wait > 0) {
      return data(
        {
          lastResult: submission.reply({
            formErrors: [`You can resend the OTP in ${formatCountdown(wait)}`],
          }),
        },
        { status: 400 },
      )
    }
    const result = await signInApi(context).requestResetCode(pending.email)
    if (!result.ok && result.status === 429) {
      const refused = tooManyRequests(result.retryAfter)
      return data(
        { lastResult: submission.reply({ formErrors: [refused.message] }) },
        { status: refused.status, headers: refused.headers },
      )
    }
    if (!result.ok) {
      return data({ lastResult: submission.reply({ formErrors: ['Something went wrong'] }) }, { status: 400 })
    }
    const cookie = await pendingReset.write({ ...pending, sentAt: Date.now(), sends: pending.sends + 1 })
    return redirect('/forgot-password/verify', { headers: { 'Set-Cookie': cookie } })
  }

  const submission = parseForm(formData, otpForm)
  if (submission.status !== 'success') return data({ lastResult: submission.reply() }, { status: 400 })
  const result = await signInApi(context).resetPassword({
    email: pending.email,
    password: pending.password,
    confirmPassword: pending.password,
    otp: submission.value.otp,
  })
  if (!result.ok && result.status === 429) {
    const refused = tooManyRequests(result.retryAfter)
    return data(
      { lastResult: submission.reply({ formErrors: [refused.message], hideFields: ['otp'] }) },
      { status: refused.status, headers: refused.headers },
    )
  }
  if (!result.ok) {
    const message = result.status === 400 ? 'OTP verification failed' : 'Something went wrong'
    return data(
      { lastResult: submission.reply({ formErrors: [message], hideFields: ['otp'] }) },
      { status: 400 },
    )
  }
  return redirect('/forgot-password/done', { headers: { 'Set-Cookie': await pendingReset.clear() } })
}

/** Counts down once the page is interactive; without JavaScript the server's figure stands. */
function useCountdown(initial: number) {
  const [left, setLeft] = useState(initial)
  useEffect(() => {
    setLeft(initial)
    if (initial <= 0) return
    const startedAt = Date.now()
    const timer = setInterval(() => {
      const remaining = Math.max(0, initial - Math.floor((Date.now() - startedAt) / 1000))
      setLeft(remaining)
      if (remaining === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [initial])
  return left
}

export default function ForgotPasswordVerify() {
  const { email, resendIn } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const left = useCountdown(resendIn)
  const [form, fields] = useZodForm(otpForm, actionData?.lastResult)
  return (
    <PlainPage>
      <section role="dialog" aria-modal="true" aria-labelledby="reset-otp-heading">
        <h1 id="reset-otp-heading">Enter OTP</h1>
        <p>An OTP has been sent to {email} if it belongs to an account. It is valid for 10 minutes.</p>
        <Form method="post" {...form.props} className={styles.form}>
          <OtpInputs formErrors={form.errors} formErrorId={form.errorId} field={fields.otp} />
          <p className={styles.actions}>
            <span data-testid="resend-timer" aria-live="polite">
              {left > 0 ? `Resend OTP in ${formatCountdown(left)}` : 'You can resend the OTP now.'}
            </span>
            <button
              type="submit"
              name="intent"
              value="resend"
              formNoValidate
              disabled={left > 0}
              className={styles.secondary}
            >
              Resend OTP
            </button>
          </p>
        </Form>
        <NativeChecksWhileLoading />
      </section>
    </PlainPage>
  )
}

export const meta: MetaFunction = () => [{ title: 'Enter OTP · Ad Console' }]

export const headers: HeadersFunction = retryAfterHeaders
