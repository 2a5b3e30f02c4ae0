// The campaign editor's ad-group section, server half (issue 10; docs/decisions/026): what the page shows
// of a saved campaign's ad groups, and the `adgroup-*` intents of the editor's form posts.
// INTERFACE STUB — filled in by the ad-group work; the editor route (app/routes/_any.create-campaign.tsx)
// calls exactly these two functions.
import type { AppLoadContext } from '@remix-run/node'
import type { CurrentUser } from '../guard.server'

/** The saved campaign the ad groups belong to, as the editor route knows it. */
export type EditorCampaign = {
  id: number
  jmcampaignId: number
  sellerId: number
  campaignClass: 'Sponsored' | 'Privilege'
  targetingType: 'Keyword' | 'Category' | 'Product'
  state: number | null
  /** Rupees; null when unset (Privilege). */
  totalBudget: number | null
  /** Rupees; -1 = no daily limit. */
  dailyBudget: number
}

export type AdGroupEditorData = {
  /** Filled in by the ad-group work. */
  groups: unknown[]
}

export async function loadAdGroupEditor(
  _request: Request,
  _context: AppLoadContext,
  _user: CurrentUser,
  _campaign: EditorCampaign,
): Promise<AdGroupEditorData> {
  return { groups: [] }
}

/** Handles a form post whose `intent` starts with `adgroup-`; answers like a route action. */
export async function adGroupAction(
  _request: Request,
  _formData: FormData,
  _context: AppLoadContext,
  _user: CurrentUser,
  _campaign: EditorCampaign,
): Promise<Response> {
  return new Response('Not built yet', { status: 501 })
}
