// Download Table: the filtered list as CSV (a resource route: no page).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { downloadLoader } from '../models/campaign-page.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => downloadLoader(args, ROUTES.campaignDownload)
