// /invitation?token=… (decision 033): the invited user sets a password, then enrols an authenticator
// app with its first code. Each step is a form post (works without JavaScript); the platform decides
// which step the invitation is at, so a reload shows the same step again.
import { Form, Link } from '@remix-run/react'
import type { InvitationAnswer, InvitationPageData } from '../../models/onboarding.server'
import { invitationOtpForm, invitationPasswordForm } from '../../models/onboarding.schema'
import { useZodForm } from '../../utils/use-zod-form'
import * as formStyles from '../form.css'
import { FormErrors, NativeChecksWhileLoading, PasswordField, TextField } from '../FormParts'
import { ErrorState } from '../list/States'
import * as styles from './onboarding.css'

export const AWAITING_APPROVAL =
  'Your account is awaiting approval. You can sign in once it is approved; we will e-mail you.'

function PasswordStep({
  data,
  answer,
}: {
  data: Extract<InvitationPageData, { state: 'password' }>
  answer?: InvitationAnswer
}) {
  const [form, fields] = useZodForm(invitationPasswordForm, answer?.lastResult)
  return (
    <>
      <p className={styles.steps}>Step 1 of 2: password</p>
      <p>
        Welcome, {data.invitation.name}. Choose a password for <strong>{data.invitation.email}</strong> (at
        least 8 characters).
      </p>
      <Form method="post" {...form.props} className={formStyles.form}>
        <input type="hidden" name="token" value={data.token} />
        <input type="hidden" name="intent" value="password" />
        <input type="hidden" name="username" value={data.invitation.email} autoComplete="username" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <PasswordField field={fields.password} label="New Password" autoComplete="new-password" />
        <PasswordField field={fields.confirmPassword} label="Confirm Password" autoComplete="new-password" />
        <button type="submit" className={formStyles.primary}>
          Continue
        </button>
      </Form>
      <NativeChecksWhileLoading />
    </>
  )
}

function TotpStep({
  data,
  answer,
}: {
  data: Extract<InvitationPageData, { state: 'totp' }>
  answer?: InvitationAnswer
}) {
  const [form, fields] = useZodForm(invitationOtpForm, answer?.lastResult)
  const { enrolment } = data
  return (
    <>
      <p className={styles.steps}>Step 2 of 2: authenticator app</p>
      <p>
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, Authy…),
        then enter the 6-digit code it shows.
      </p>
      <img
        src={enrolment.qrCode}
        alt={`QR code to add ${data.invitation.email} to an authenticator app`}
        className={formStyles.qr}
      />
      <p>
        Can't scan? Enter this setup key in the app:{' '}
        <span className={formStyles.mono} data-testid="totp-secret">
          {enrolment.secret}
        </span>
      </p>
      <Form method="post" {...form.props} className={formStyles.form}>
        <input type="hidden" name="token" value={data.token} />
        <input type="hidden" name="intent" value="totp" />
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.otp} label="OTP" inputMode="numeric" autoComplete="one-time-code" />
        <button type="submit" className={formStyles.primary}>
          Verify
        </button>
      </Form>
      <NativeChecksWhileLoading />
    </>
  )
}

export function InvitationPage({ data, answer }: { data: InvitationPageData; answer?: InvitationAnswer }) {
  let body: React.ReactNode
  if (answer?.done) {
    body = answer.done.canSignIn ? (
      <div role="status">
        <p>Your account is set up.</p>
        <p>
          <Link to="/">Sign in</Link> with your e-mail, your new password and a code from the app.
        </p>
      </div>
    ) : (
      <div role="status">
        <p>Your password and authenticator app are set up.</p>
        <p>{AWAITING_APPROVAL}</p>
      </div>
    )
  } else if (data.state === 'invalid') {
    body = (
      <>
        <ErrorState title="Error" message={data.message} />
        <p>
          Ask your Ad Console contact for a new invitation, or go to <Link to="/">Login</Link>.
        </p>
      </>
    )
  } else if (data.state === 'password') {
    body = <PasswordStep data={data} answer={answer} />
  } else {
    body = <TotpStep data={data} answer={answer} />
  }
  return (
    <section aria-labelledby="invitation-heading" className={styles.page}>
      <h1 id="invitation-heading" className={styles.title}>
        Set up your account
      </h1>
      {body}
    </section>
  )
}
