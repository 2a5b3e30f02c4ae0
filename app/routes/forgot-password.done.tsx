// The password-reset success dialog.
import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { PlainPage } from '../components/Shell'

export default function PasswordResetDone() {
  return (
    <PlainPage>
      <section role="dialog" aria-modal="true" aria-labelledby="reset-done-heading">
        <h1 id="reset-done-heading">Password reset successful</h1>
        <p>Your password has been changed and every session of your account has been signed out.</p>
        <p>
          Sign in with your new password; you will still be asked for the code from your authenticator app.
        </p>
        <p>
          <Link to="/">Back to Login</Link>
        </p>
      </section>
    </PlainPage>
  )
}

export const meta: MetaFunction = () => [{ title: 'Password reset successful · Ad Console' }]
