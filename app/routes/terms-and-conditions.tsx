// The click-wrap terms page (spec accounts §2): SELLER, BRAND and AGENCY who have not accepted read the
// PDF, tick 'I agree with the Terms and Conditions' and Continue, or Decline and are signed out.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ClickWrapPage } from '../components/TermsPage'
import { requireUser } from '../guard.server'
import { termsForm } from '../models/terms.schema'
import { acceptTerms, assertTermsPending, declineTerms } from '../models/terms.server'
import { ROUTES } from '../route-table'
import { parseForm } from '../utils/form-rules.server'
import { readFormData } from '../utils/read-form.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.terms)
  assertTermsPending(user)
  return { name: user.info.name }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.terms)
  assertTermsPending(user)
  const formData = await readFormData(request)
  const intent = formData.get('intent')
  if (intent === 'decline') return declineTerms(context, user)
  if (intent !== 'accept') throw data('Unknown action', { status: 400 })
  const submission = parseForm(formData, termsForm)
  if (submission.status !== 'success') return data({ lastResult: submission.reply() }, { status: 400 })
  return acceptTerms(request, context, user, submission)
}

export default function TermsAndConditions() {
  const { name } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <ClickWrapPage name={name} lastResult={actionData?.lastResult} />
}

export const meta: MetaFunction = () => [{ title: 'Terms and Conditions · Ad Console' }]
