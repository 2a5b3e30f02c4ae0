// An agency's brand list as CSV (spec accounts §2 "Agency rows show a brand count and a brand-list CSV").
import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '../guard.server'
import { passFile } from '../models/files.server'
import { usersApi } from '../models/users.server'
import { ROUTES } from '../route-table'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, ROUTES.adminUserBrands)
  return passFile(await usersApi(context, user.session.token).downloadBrands(params.email ?? ''), user.role)
}
