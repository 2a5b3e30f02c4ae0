// An ad group card's Download without JavaScript (spec campaigns §7 "Client-side CSV downloads"; decision
// 077): the card's form posts here and the list comes back as a file. With JavaScript the browser writes
// the same file itself (platform/rules/editor-downloads.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { downloadAction, downloadLoader } from '../models/campaign-editor.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => downloadLoader(args, ROUTES.createCampaignDownload)
export const action = (args: ActionFunctionArgs) => downloadAction(args, ROUTES.createCampaignDownload)
