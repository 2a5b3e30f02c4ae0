// 'View Linked Brands' (AGENCY): the agency's linked brands as a CSV file (a resource route).
import type { LoaderFunctionArgs } from '@remix-run/node'
import { linkedBrandsLoader } from '../models/link-pages.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => linkedBrandsLoader(args, ROUTES.linkedBrands)
