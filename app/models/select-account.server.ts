// Account selection (spec accounts §2): staff pick any seller or brand id, an agency one of its linked
// brands. The platform decides; the chosen id goes into the session.
import { parseWithZod } from '@conform-to/zod/v4'
import { type AppLoadContext, data, redirect } from '@remix-run/node'
import { routePrefix } from '../../platform/rules/roles'
import type { CurrentUser } from '../guard.server'
import { flashCookie } from '../flash.server'
import { commitSession } from '../session.server'
import { formSchema } from '../utils/form-rules.server'
import { selectAccountForm } from './account.schema'
import { authApi } from './auth.server'

export async function selectAccount(request: Request, context: AppLoadContext, user: CurrentUser) {
  const formData = await request.formData()
  const submission = await parseWithZod(formData, {
    schema: formSchema(selectAccountForm).transform(async (value, ctx) => {
      const result = await authApi(context, user.session.token).account(value.accountId)
      if (!result.ok) {
        ctx.addIssue({
          code: 'custom',
          path: ['accountId'],
          message:
            result.status === 403 || result.status === 400
              ? 'This ID is not available to you'
              : result.message,
        })
        return z_never
      }
      return { ...value, account: result.data }
    }),
    async: true,
  })
  if (submission.status !== 'success') {
    return data({ lastResult: submission.reply() }, { status: 400 })
  }
  const { account } = submission.value
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession({ ...user.session, sellerId: account.id }))
  headers.append(
    'Set-Cookie',
    await flashCookie(request, { kind: 'success', message: `Now viewing ${account.name} (${account.id})` }),
  )
  return redirect(`${routePrefix(user.role)}/campaigns`, { headers })
}

// zod's transform must return something when it adds an issue; the value is never used.
const z_never = undefined as never
