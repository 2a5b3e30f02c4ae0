// Client of the inventory service (/ads/ad-inventory): campaigns, ad groups, catalog, analytics.
// Answers are typed by, and parsed with, the contracts in platform/contracts/inventory.ts.
import type { AppLoadContext } from '@remix-run/node'
import {
  type CampaignCloneResponse,
  type CampaignFull,
  type CampaignHistoryResponse,
  type CampaignListRow as ContractCampaignListRow,
  type HistoryEntry as ContractHistoryEntry,
  type HomePageStats,
  type LoadHomePageResponse,
  campaignCloneResponseSchema,
  campaignDeleteResponseSchema,
  campaignFullSchema,
  campaignHistoryResponseSchema,
  HISTORY_DEFAULT_SIZE,
  homePageStatsSchema,
  loadHomePageResponseSchema,
  rowActionResponseSchema,
} from '../../platform/contracts/inventory'
import { type CampaignSaveInput, campaignSaveResponseSchema } from '../../platform/contracts/campaign-editor'
import { type ListQuery, platformListQuery } from './campaign-list'
import { createUpstreamClient, transportFor } from './upstream.server'

export function inventoryApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  return createUpstreamClient(transportFor(context, 'inventory'), { token, requestId: context.requestId })
}

// The names this module exported before the contracts existed, kept for the modules that import them.
export type CampaignListRow = ContractCampaignListRow
export type CampaignListPage = LoadHomePageResponse
export type HomeStats = HomePageStats
export type CampaignSummary = CampaignFull | CampaignCloneResponse
export type HistoryEntry = ContractHistoryEntry
export type CampaignHistory = CampaignHistoryResponse

/** The campaign calls the console makes (spec §7; pause/play/clone/history paths in decisions 010–011). */
export function campaignsApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  const api = inventoryApi(context, token)
  return {
    list: (sellerId: number, query: ListQuery) =>
      api.get('/v1/campaign/loadHomePage', {
        query: { ...platformListQuery(sellerId, query), page: query.page, size: query.size },
        response: loadHomePageResponseSchema,
      }),
    stats: (sellerId: number) =>
      api.get('/v1/campaign/homePageStats', { query: { userId: sellerId }, response: homePageStatsSchema }),
    /** text/csv, passed through as it comes (no envelope). */
    download: (sellerId: number, query: ListQuery) =>
      api.raw('GET', '/v1/campaign/download', { query: platformListQuery(sellerId, query) }),
    view: (id: number) => api.post('/v1/campaign/view', { json: { id }, response: campaignFullSchema }),
    /** The editor's Save & continue / Submit (spec §7): a new campaign, as a draft (`save`) or submitted. */
    create: (sellerId: number, action: 'save' | 'submit', body: CampaignSaveInput) =>
      api.post('/v1/campaign/create', {
        query: { action, userId: sellerId },
        json: body,
        response: campaignSaveResponseSchema,
      }),
    /** The same for a saved campaign (`body.id`). */
    modify: (sellerId: number, action: 'save' | 'submit', body: CampaignSaveInput & { id: number }) =>
      api.post('/v1/campaign/modify', {
        query: { action, userId: sellerId },
        json: body,
        response: campaignSaveResponseSchema,
      }),
    remove: (id: number) =>
      api.delete('/v1/campaigns/delete', {
        query: { campaignId: id },
        response: campaignDeleteResponseSchema,
      }),
    pause: (id: number) => api.post(`/v1/campaign/${id}/pause`, { response: rowActionResponseSchema }),
    play: (id: number) => api.post(`/v1/campaign/${id}/play`, { response: rowActionResponseSchema }),
    clone: (id: number) => api.post(`/v1/campaign/${id}/clone`, { response: campaignCloneResponseSchema }),
    history: (id: number, page: number) =>
      api.get(`/v1/campaign/${id}/history`, {
        query: { page, size: HISTORY_DEFAULT_SIZE },
        response: campaignHistoryResponseSchema,
      }),
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
