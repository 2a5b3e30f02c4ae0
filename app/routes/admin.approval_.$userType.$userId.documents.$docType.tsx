// An agency document's file (a resource route): GET views it (the platform's stream, inline, nosniff);
// POST uploads one (a native multipart form, streamed through; the platform enforces type and size).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { documentAction, documentLoader } from '../models/approvals.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => documentLoader(args, ROUTES.adminAgencyDocument)
export const action = (args: ActionFunctionArgs) => documentAction(args, ROUTES.adminAgencyDocument)
