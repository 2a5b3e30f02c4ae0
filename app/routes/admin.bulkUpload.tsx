import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { PendingPage } from '../components/PendingPage'
import { requireUser } from '../guard.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context, ROUTES.adminBulkUpload)
  return null
}

export default function BulkUploadPage() {
  return <PendingPage title="Bulk Upload" />
}

export const meta: MetaFunction = () => [{ title: 'Bulk Upload · Ad Console' }]
