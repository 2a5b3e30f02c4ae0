// 'View Linked Agencies' (BRAND): the brand's linked agencies as a CSV file (a resource route).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { linkedAgenciesLoader } from '../models/link-pages.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => linkedAgenciesLoader(args, ROUTES.linkedAgencies)
