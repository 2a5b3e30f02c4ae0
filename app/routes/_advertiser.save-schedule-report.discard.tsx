// Discard the Save and Schedule Report form (spec accounts §2): a confirmation over the form; confirming
// goes to saved reports.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { DiscardDialog } from '../components/reports/SaveScheduleForm'
import { discardAction, discardLoader } from '../models/report-schedule.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => discardLoader(args, ROUTES.saveScheduleDiscard)
export const action = (args: ActionFunctionArgs) => discardAction(args, ROUTES.saveScheduleDiscard)

export default function DiscardSaveScheduleDialog() {
  const { prefix, message } = useLoaderData<typeof loader>()
  return <DiscardDialog prefix={prefix} message={message} />
}
