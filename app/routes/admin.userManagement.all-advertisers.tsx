// All Advertisers (spec accounts §2, §3 "Bulk download CSV columns"): the platform's CSV, passed through.
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '../guard.server'
import { passFile } from '../models/files.server'
import { usersApi } from '../models/users.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminAllAdvertisers)
  return passFile(await usersApi(context, user.session.token).downloadAll(), user.role)
}
