// Download a saved report: the OTP dialog over the list (send the code, enter it, get the CSV).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { OtpDownloadDialog } from '../components/reports/OtpDownloadDialog'
import { savedDownloadAction, savedDownloadLoader } from '../models/saved-reports.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => savedDownloadLoader(args, ROUTES.adminSavedReportDownload)
export const action = (args: ActionFunctionArgs) => savedDownloadAction(args, ROUTES.adminSavedReportDownload)

export default function DownloadSavedReport() {
  const loaded = useLoaderData<typeof loader>()
  const answered = useActionData<typeof action>()
  return <OtpDownloadDialog data={answered ?? loaded} />
}
