// Download a default report: the OTP dialog over the page (the choice rides in the query), then
// getOpsReport and the browser sent to the signed link.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { OtpDownloadDialog } from '../components/reports/OtpDownloadDialog'
import { defaultDownloadAction, defaultDownloadLoader } from '../models/saved-reports.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) =>
  defaultDownloadLoader(args, ROUTES.adminDefaultReportDownload)
export const action = (args: ActionFunctionArgs) =>
  defaultDownloadAction(args, ROUTES.adminDefaultReportDownload)

export default function DownloadDefaultReport() {
  const loaded = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  return <OtpDownloadDialog data={answered ?? loaded} />
}
