// Account selection (spec accounts §2): staff pick any seller or brand id, an agency one of its linked
// brands. The platform decides; the chosen id goes into the session.
import { type AppLoadContext, data, redirect } from '@remix-run/node'
import { routePrefix } from '../../platform/rules/roles'
import type { CurrentUser } from '../guard.server'
import { flashCookie } from '../flash.server'
import { commitSession } from '../session.server'
import { parseForm } from '../utils/form-rules.server'
import { selectAccountForm } from './account.schema'
import { authApi } from './auth.server'

export async function selectAccount(request: Request, context: AppLoadContext, user: CurrentUser) {
  const submission = parseForm(await request.formData(), selectAccountForm)
  if (submission.status !== 'success') {
    return data({ lastResult: submission.reply() }, { status: 400 })
  }
  // Only an id that passed the form's own rule is sent to the platform, which decides.
  const result = await authApi(context, user.session.token).account(submission.value.accountId)
  if (!result.ok) {
    const message =
      result.status === 403 || result.status === 400 ? 'This ID is not available to you' : result.message
    return data({ lastResult: submission.reply({ fieldErrors: { accountId: [message] } }) }, { status: 400 })
  }
  const account = result.data
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession({ ...user.session, sellerId: account.id }))
  headers.append(
    'Set-Cookie',
    await flashCookie(request, { kind: 'success', message: `Now viewing ${account.name} (${account.id})` }),
  )
  return redirect(`${routePrefix(user.role)}/campaigns`, { headers })
}
