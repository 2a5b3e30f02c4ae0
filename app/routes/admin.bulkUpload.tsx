// Bulk Upload (/admin/bulkUpload, SUPERADMIN; spec accounts §2 "Bulk upload"): Metadata Enrichment and
// Keywords Search by Product ID. The work is in app/models/metadata.server.ts; decision 048.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { BulkUploadPage } from '../components/bulk/BulkUploadPage'
import { isUploadActionData } from '../components/upload/upload-result'
import { bulkUploadAction, bulkUploadLoader } from '../models/metadata.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => bulkUploadLoader(args, ROUTES.adminBulkUpload)
export const action = (args: ActionFunctionArgs) => bulkUploadAction(args, ROUTES.adminBulkUpload)

export default function BulkUpload() {
  const { settings, lastResult, search } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  return (
    <BulkUploadPage
      path={ROUTES.adminBulkUpload.path}
      settings={settings}
      lastResult={lastResult}
      search={search}
      upload={isUploadActionData(posted) ? posted.upload : null}
    />
  )
}

export const meta: MetaFunction = () => [{ title: 'Bulk Upload · Ad Console' }]
