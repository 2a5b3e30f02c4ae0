// An agency document's file (a resource route): GET views it (the platform's stream, inline, nosniff);
// POST uploads one (a native multipart form, streamed through; the platform enforces type and size).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { documentAction, documentLoader } from '../models/approvals.server'

export const loader = (args: LoaderFunctionArgs) => documentLoader(args)
export const action = (args: ActionFunctionArgs) => documentAction(args)
