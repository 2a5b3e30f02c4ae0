// Account selection (spec accounts §2): staff pick any seller or brand, an agency one of its linked brands.
// The picker lists the accounts the platform says the caller may act for; the platform decides again when
// one is chosen, and the chosen id and name go into the session.
import { type AppLoadContext, data, redirect } from '@remix-run/node'
import type { Account } from '../../platform/contracts/auth'
import { routePrefix } from '../../platform/rules/roles'
import type { CurrentUser } from '../guard.server'
import { redirectForStatus } from '../guard.server'
import { flashCookie } from '../flash.server'
import { commitSession } from '../session.server'
import { parseForm } from '../utils/form-rules.server'
import { selectAccountForm } from './account.schema'
import { authApi } from './auth.server'
import { readFormData } from '../utils/read-form.server'

export type AccountPickerData = {
  /** The account being worked for now, if any (its name when the session knows it). */
  current: { id: number; name: string | null } | null
  /** The search as typed (the `q` of the URL). */
  q: string
  accounts: Account[]
  /** More accounts matched than are listed. */
  more: boolean
  /** The platform's refusal of the search (control characters, too long), shown at the field. */
  searchError: string | null
}

export async function loadAccountPicker(request: Request, context: AppLoadContext, user: CurrentUser) {
  const q = new URL(request.url).searchParams.get('q') ?? ''
  const current = user.sellerId ? { id: user.sellerId, name: user.session.sellerName ?? null } : null
  const result = await authApi(context, user.session.token).accounts(q.trim())
  if (result.ok)
    return { current, q, accounts: result.data.accounts, more: result.data.more, searchError: null }
  await redirectForStatus(result, user.role)
  if (result.status !== 400)
    throw new Response('The account list could not be loaded. Try again.', { status: 502 })
  // A refused search (control characters, too long) is the visitor's input: 400, the page, the message.
  const refused: AccountPickerData = { current, q, accounts: [], more: false, searchError: result.message }
  return data(refused, { status: 400 })
}

export async function selectAccount(request: Request, context: AppLoadContext, user: CurrentUser) {
  const submission = parseForm(await readFormData(request), selectAccountForm)
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
  headers.append(
    'Set-Cookie',
    await commitSession({ ...user.session, sellerId: account.id, sellerName: account.name }),
  )
  headers.append(
    'Set-Cookie',
    await flashCookie(request, { kind: 'success', message: `Now viewing ${account.name} (${account.id})` }),
  )
  return redirect(`${routePrefix(user.role)}/campaigns`, { headers })
}
