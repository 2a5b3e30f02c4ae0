// Client of the inventory service's ad-group and catalog calls for the campaign editor (spec campaigns §7;
// decision 030): ad-group list/view/create/modify, product/get, keyword/suggest, and the campaign's
// submit (campaign/modify?action=submit with its ad groups, one transaction on the platform).
// Answers are parsed with platform/contracts.
import type { AppLoadContext } from '@remix-run/node'
import { adGroupViewResponseSchema } from '../../platform/contracts/adgroup-read'
import {
  type AdGroupSaveInput,
  adGroupListResponseSchema,
  adGroupSaveResponseSchema,
  campaignSaveResponseSchema,
  keywordSuggestResponseSchema,
  productGetResponseSchema,
} from '../../platform/contracts/campaign-editor'
import { type CampaignFull, campaignFullSchema } from '../../platform/contracts/inventory'
import { CampaignState } from '../../platform/rules/campaigns'
import { CHANNEL_ID } from '../../platform/rules/campaign-editor'
import { inventoryApi } from './campaigns.server'

export type SaveAction = 'save' | 'submit'

/**
 * The campaign/modify body of a viewed campaign, as it stands (the start is locked and not sent; a
 * Scheduled Paused campaign sends neither time, spec §4), with `adGroups` to write in the same call.
 */
export function campaignModifyBody(campaign: CampaignFull, adGroups: AdGroupSaveInput[]) {
  const {
    state,
    status: _status,
    submission: _submission,
    campaignClass: _class,
    campaignCreatedBy: _by,
    adGroups: _groups,
    start_time: _start,
    expire_time,
    ...fields
  } = campaign
  return {
    ...fields,
    ...(state === CampaignState.ScheduledPaused ? {} : { expire_time }),
    adGroups,
  }
}

export function adGroupsApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  const api = inventoryApi(context, token)
  return {
    list: (campaignId: number) =>
      api.post('/v1/adgroup/list', {
        json: { channel_id: CHANNEL_ID, campaign_id: campaignId },
        response: adGroupListResponseSchema,
      }),
    view: (id: number) =>
      api.post('/v1/adgroup/view', {
        json: { channel_id: CHANNEL_ID, id },
        response: adGroupViewResponseSchema,
      }),
    create: (body: AdGroupSaveInput, action: SaveAction, userId: number) =>
      api.post('/v1/adgroup/create', {
        query: { action, userId },
        json: body,
        response: adGroupSaveResponseSchema,
      }),
    modify: (body: AdGroupSaveInput, action: SaveAction, userId: number) =>
      api.post('/v1/adgroup/modify', {
        query: { action, userId },
        json: body,
        response: adGroupSaveResponseSchema,
      }),
    /** Deleting sets state 2 (spec §4). */
    remove: (id: number, campaignId: number, userId: number) =>
      api.post('/v1/adgroup/modify', {
        query: { action: 'save', userId },
        json: { id, campaign_id: campaignId, state: 2 },
        response: adGroupSaveResponseSchema,
      }),
    products: (userId: number, productIds: number[]) =>
      api.post('/v1/vertex/product/get', {
        query: { userId },
        json: { productIds },
        response: productGetResponseSchema,
      }),
    suggest: (userId: number, products: number[]) =>
      api.post('/v1/adgroup/keyword/suggest', {
        query: { userId },
        json: { products },
        response: keywordSuggestResponseSchema,
      }),
    campaign: (id: number) => api.post('/v1/campaign/view', { json: { id }, response: campaignFullSchema }),
    /** Submits the ad groups, then the campaign: one campaign/modify?action=submit carrying the groups. */
    submitCampaign: (campaign: CampaignFull, adGroups: AdGroupSaveInput[]) =>
      api.post('/v1/campaign/modify', {
        query: { action: 'submit', userId: campaign.sellerid },
        json: campaignModifyBody(campaign, adGroups),
        response: campaignSaveResponseSchema,
      }),
  }
}
