// Save and Schedule Report (spec accounts §2, §4, §5; decision 042). Discard is the child dialog route.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { SaveScheduleForm } from '../components/reports/SaveScheduleForm'
import { saveScheduleAction, saveScheduleLoader } from '../models/report-schedule.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => saveScheduleLoader(args, ROUTES.adminSaveScheduleReport)
export const action = (args: ActionFunctionArgs) => saveScheduleAction(args, ROUTES.adminSaveScheduleReport)

export default function SaveScheduleReportPage() {
  const page = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return <SaveScheduleForm page={page} answer={answer} />
}

export const meta: MetaFunction = () => [{ title: 'Save and Schedule Report · Ad Console' }]
