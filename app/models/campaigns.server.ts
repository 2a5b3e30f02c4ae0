// Client of the inventory service (/ads/ad-inventory): campaigns, ad groups, catalog, analytics.
import type { AppLoadContext } from '@remix-run/node'
import type { CampaignClass, RowAction } from '../../platform/rules/campaigns'
import { type ListQuery, platformListQuery } from './campaign-list'
import { createUpstreamClient, transportFor } from './upstream.server'

export function inventoryApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  return createUpstreamClient(transportFor(context, 'inventory'), { token, requestId: context.requestId })
}

/** A list row as loadHomePage returns it (spec campaigns §3 "Campaign (list row)"); money in paise. */
export type CampaignListRow = {
  id: number
  jmcampaign_id: number
  /** base64 of the name as typed. */
  name: string
  state: number | null
  status: number
  campaignClass: CampaignClass
  campaignCreatedBy: string | null
  start_time: string
  expire_time: string | null
  budget: number
  homePageMetrics: { spend: number; clicks: number; orders: number; sales: number; roas: number }[]
  action: RowAction
}

export type CampaignListPage = {
  campaigns: CampaignListRow[]
  totalCount: number
  page: number
  size: number
  totalPages: number
  fromDate: string
  toDate: string
}

export type HomeStats = {
  totalCampaigns: number
  runningCampaigns: number
  pausedCampaigns: number
  totalAvailableCredit: number
  sellerId: number
}

export type CampaignSummary = {
  id: number
  jmcampaign_id: number
  name: string
  campaignClass: CampaignClass
}

export type HistoryEntry = {
  id: number
  at: string
  action: string
  actor: { userId: number | null; role: string | null; name: string | null; email: string | null } | null
  before: unknown
  after: unknown
}

export type CampaignHistory = {
  campaign: { id: number; jmcampaign_id: number; name: string; deleted: boolean }
  entries: HistoryEntry[]
  totalCount: number
  page: number
  size: number
  totalPages: number
}

/** The campaign calls the console makes (spec §7; pause/play/clone/history paths in decisions 010–011). */
export function campaignsApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  const api = inventoryApi(context, token)
  return {
    list: (sellerId: number, query: ListQuery) =>
      api.get<CampaignListPage>('/v1/campaign/loadHomePage', {
        query: { ...platformListQuery(sellerId, query), page: query.page, size: query.size },
      }),
    stats: (sellerId: number) =>
      api.get<HomeStats>('/v1/campaign/homePageStats', { query: { userId: sellerId } }),
    download: (sellerId: number, query: ListQuery) =>
      api.raw('GET', '/v1/campaign/download', { query: platformListQuery(sellerId, query) }),
    view: (id: number) => api.post<CampaignSummary>('/v1/campaign/view', { json: { id } }),
    remove: (id: number) =>
      api.delete<{ campaignId: number; campaignStatus: string }>('/v1/campaigns/delete', {
        query: { campaignId: id },
      }),
    pause: (id: number) => api.post<{ state: number; status: number }>(`/v1/campaign/${id}/pause`),
    play: (id: number) => api.post<{ state: number; status: number }>(`/v1/campaign/${id}/play`),
    clone: (id: number) => api.post<CampaignSummary>(`/v1/campaign/${id}/clone`),
    history: (id: number, page: number) =>
      api.get<CampaignHistory>(`/v1/campaign/${id}/history`, { query: { page, size: 20 } }),
  }
}

/** A base64 campaign name as typed (spec §3: stored base64-encoded, decoded for display). */
export function decodeName(encoded: string): string {
  try {
    return Buffer.from(encoded, 'base64').toString('utf8')
  } catch {
    return encoded
  }
}
