// /invitation?token=… — the link of the invitation e-mail (decision 033): public, no session needed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { InvitationPage } from '../components/accounts/InvitationPage'
import { PlainPage } from '../components/Shell'
import { invitationAction, loadInvitation } from '../models/onboarding.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadInvitation(request, context)
}

export async function action({ request, context }: ActionFunctionArgs) {
  return invitationAction(request, context)
}

export default function Invitation() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <PlainPage>
      <InvitationPage data={data} answer={answer} />
    </PlainPage>
  )
}

// The token is in the address: no Referer carries it to another site ('same-origin', not 'no-referrer':
// with that the browser posts the forms with `Origin: null`, which Remix refuses as cross-site).
export const meta: MetaFunction = () => [
  { title: 'Set up your account · Ad Console' },
  { name: 'referrer', content: 'same-origin' },
]
