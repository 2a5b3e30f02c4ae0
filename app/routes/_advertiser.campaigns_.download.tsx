// Download Table: the filtered list as CSV (a resource route: no page).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { ADVERTISER_ROLES } from '../../platform/rules/roles'
import { downloadLoader } from '../models/campaign-page.server'

export const loader = (args: LoaderFunctionArgs) => downloadLoader(args, { roles: ADVERTISER_ROLES })
