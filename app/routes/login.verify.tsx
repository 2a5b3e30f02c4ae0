// Two-factor step of sign-in: a user who has not enrolled first sees the QR code to scan with an
// authenticator app (with Download QR code and the setup key); everyone then enters the 6-digit code.
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  data,
  type LoaderFunctionArgs,
  type HeadersFunction,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import type { SessionInfo } from '../../platform/contracts/auth'
import * as styles from '../components/form.css'
import { NativeChecksWhileLoading, OtpInputs } from '../components/FormParts'
import { PlainPage } from '../components/Shell'
import { homePath } from '../guard.server'
import { authApi } from '../models/auth.server'
import { retryAfterHeaders, tooManyRequests } from '../models/sign-in-retry'
import { otpForm } from '../models/sign-in.schema'
import { signInApi } from '../models/sign-in.server'
import { type ConsoleSession, commitSession, destroySession, readSession } from '../session.server'
import { parseForm } from '../utils/form-rules.server'
import { useZodForm } from '../utils/use-zod-form'
import { readFormData } from '../utils/read-form.server'

/** The half-signed-in session this step needs; anything else leaves the step. */
async function requirePasswordStage(
  request: Request,
  context: AppLoadContext,
): Promise<{ session: ConsoleSession; info: SessionInfo }> {
  const session = await readSession(request)
  if (!session) throw redirect('/')
  const checked = await authApi(context, session.token).session()
  if (!checked.ok) throw redirect('/', { headers: { 'Set-Cookie': await destroySession() } })
  if (checked.data.stage === 'FULL')
    throw redirect(homePath(checked.data.role, checked.data.sellerId ?? session.sellerId))
  return { session, info: checked.data }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { session, info } = await requirePasswordStage(request, context)
  if (info.twoFactorRegistered) return { enrolment: null, email: info.email }
  const signup = await signInApi(context, session.token).totpSignup({
    email: info.email,
    userId: info.userId,
    token: session.token,
  })
  if (!signup.ok) throw new Response(signup.message, { status: signup.status >= 500 ? 502 : signup.status })
  const secret = new URL(signup.data.otpauthUri).searchParams.get('secret') ?? ''
  return { enrolment: { ...signup.data, secret }, email: info.email }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { session, info } = await requirePasswordStage(request, context)
  const formData = await readFormData(request)
  if (formData.get('intent') === 'cancel') {
    await authApi(context, session.token).logout()
    return redirect('/', { headers: { 'Set-Cookie': await destroySession() } })
  }
  const submission = parseForm(formData, otpForm)
  if (submission.status !== 'success') return data({ lastResult: submission.reply() }, { status: 400 })

  const result = await signInApi(context, session.token).verifyTotp({
    email: info.email,
    userId: info.userId,
    token: session.token,
    totp: submission.value.otp,
  })
  if (!result.ok && result.status === 429) {
    // Too many wrong codes: the browser gets the 429 and its Retry-After, and the page says when.
    const refused = tooManyRequests(result.retryAfter)
    return data(
      { lastResult: submission.reply({ formErrors: [refused.message], hideFields: ['otp'] }) },
      { status: refused.status, headers: refused.headers },
    )
  }
  if (!result.ok) {
    // spec §5: the first error, else the message, else 'Invalid OTP'.
    const body = result.body as { errors?: string[]; message?: string } | null
    const message = body?.errors?.[0] ?? body?.message ?? 'Invalid OTP'
    return data(
      { lastResult: submission.reply({ formErrors: [message], hideFields: ['otp'] }) },
      { status: 400 },
    )
  }
  const signedIn = result.data
  const cookie = await commitSession({
    token: signedIn.token,
    role: signedIn.role,
    userId: signedIn.userId,
    userEmail: signedIn.email,
    sellerId: signedIn.sellerId,
    tncAcceptance: signedIn.tncAcceptance,
    twoFactorRegistered: true,
    ipAddress: signedIn.ipAddress,
  })
  return redirect(homePath(signedIn.role, signedIn.sellerId), { headers: { 'Set-Cookie': cookie } })
}

export default function TwoFactor() {
  const { enrolment, email } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useZodForm(otpForm, actionData?.lastResult)
  return (
    <PlainPage>
      <section role="dialog" aria-modal="true" aria-labelledby="two-factor-heading">
        <h1 id="two-factor-heading">Two-factor authentication</h1>
        {enrolment ? (
          <>
            <p>
              Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
              Authy…), then enter the 6-digit code it shows.
            </p>
            <img
              src={enrolment.qrCode}
              alt={`QR code to add ${email} to an authenticator app`}
              className={styles.qr}
            />
            <p>
              <a href={enrolment.qrCode} download="ad-console-authenticator-qr.png">
                Download QR code
              </a>{' '}
              ·{' '}
              <a href={enrolment.otpauthUri} data-testid="otpauth-link">
                Open in an authenticator app
              </a>
            </p>
            <p>
              Can't scan? Enter this setup key: <span className={styles.mono}>{enrolment.secret}</span>
            </p>
          </>
        ) : (
          <p>Enter the 6-digit code from your authenticator app.</p>
        )}
        <Form method="post" {...form.props} className={styles.form}>
          <OtpInputs formErrors={form.errors} formErrorId={form.errorId} field={fields.otp} />
        </Form>
        <NativeChecksWhileLoading />
      </section>
    </PlainPage>
  )
}

/** A refused attempt's Retry-After reaches the browser with the page or its data. */
export const headers: HeadersFunction = retryAfterHeaders

export const meta: MetaFunction = () => [{ title: 'Two-factor authentication · Ad Console' }]
