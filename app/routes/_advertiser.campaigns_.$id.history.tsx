// A campaign's history from the audit log, newest first.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { HistoryPage } from '../components/campaigns/HistoryPage'
import { historyLoader } from '../models/campaign-page.server'
import { ROUTES } from '../route-table'

export const loader = (args: LoaderFunctionArgs) => historyLoader(args, ROUTES.campaignHistory)

export default function CampaignHistory() {
  return <HistoryPage data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Campaign history · Ad Console' }]
