// The row actions of the campaign list that change a campaign (spec campaigns §4, §7): delete, pause
// and play. Who may is platform/rules/campaign-permissions.ts, the same answer the console shows.
import { and, eq, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { audit } from '../audit'
import { actorOf } from '../auth/request'
import {
  type CampaignDeleteResponse,
  campaignDeleteQuerySchema,
  campaignIdPathSchema,
  type RowActionResponse,
} from '../contracts/inventory'
import { campaigns } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError, forbidden, notFound } from '../errors'
import { type Env, ok } from '../http'
import { applyCampaignStates } from '../jobs/campaign-states'
import { mayDeleteCampaign, mayEditCampaign, mayRunRowAction } from '../rules/campaign-permissions'
import { ROW_ACTION_RESULT } from '../rules/campaigns'
import { campaignForCaller, campaignSnapshot } from './campaign-access'

export function campaignActionRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const db = () => deps.database.db

  // spec §7: DELETE /campaigns/delete?campaignId → campaignStatus DELETED. A soft delete: the
  // campaign leaves every list, its facts and its audit history stay.
  app.delete('/v1/campaigns/delete', async (c) => {
    const { campaignId } = campaignDeleteQuerySchema.parse(c.req.query())
    const auth = c.get('auth')
    const now = deps.now()
    await db().transaction(async (tx) => {
      const campaign = await campaignForCaller(tx, auth, campaignId)
      // spec §4/§6: campaign data is read-only for BRAND and SELLER on Privilege campaigns.
      if (!mayDeleteCampaign(auth.user.role, campaign)) throw forbidden()
      const [deleted] = await tx
        .update(campaigns)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(campaigns.id, campaign.id), isNull(campaigns.deletedAt)))
        .returning()
      if (!deleted) throw notFound('Campaign')
      await audit(tx, {
        action: 'CAMPAIGN_DELETED',
        entityType: 'campaign',
        entityId: campaign.id,
        before: campaignSnapshot(campaign),
        after: campaignSnapshot(deleted),
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
    })
    const data: CampaignDeleteResponse = { campaignId, campaignStatus: 'DELETED' }
    return ok(c, data)
  })

  // Pause and play (spec §4 row actions; paths not shown in the spec, ours in docs/decisions/010):
  // POST /v1/campaign/{id}/pause and /v1/campaign/{id}/play. The state engine is applied at once
  // after a play, so a campaign without credit or over its budget lands where the job would put it.
  for (const action of ['pause', 'play'] as const) {
    app.post(`/v1/campaign/:id/${action}`, async (c) => {
      const { id: campaignId } = campaignIdPathSchema.parse(c.req.param())
      const auth = c.get('auth')
      const now = deps.now()
      const actor = actorOf(c, auth.user)
      const requestId = c.get('requestId')
      const wanted = action === 'pause' ? 'PAUSE' : 'PLAY'
      await db().transaction(async (tx) => {
        const campaign = await campaignForCaller(tx, auth, campaignId)
        if (!mayRunRowAction(auth.user.role, campaign, wanted)) {
          // Read-only for the caller (BRAND/SELLER on Privilege): refused, whatever the state.
          if (!mayEditCampaign(auth.user.role, campaign)) throw forbidden()
          throw new DomainError(
            409,
            'INVALID_STATE',
            action === 'pause'
              ? 'Only a running campaign can be paused'
              : 'Only a manually paused campaign can be played',
          )
        }
        const target = ROW_ACTION_RESULT[wanted]
        const [updated] = await tx
          .update(campaigns)
          .set({ state: target.state, status: target.status, updatedAt: now })
          .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, campaign.status)))
          .returning()
        if (!updated)
          throw new DomainError(409, 'INVALID_STATE', 'The campaign changed meanwhile, please retry')
        await audit(tx, {
          action: action === 'pause' ? 'CAMPAIGN_PAUSED' : 'CAMPAIGN_PLAYED',
          entityType: 'campaign',
          entityId: campaign.id,
          before: campaignSnapshot(campaign),
          after: campaignSnapshot(updated),
          actor,
          requestId,
          at: now,
        })
      })
      if (action === 'play') {
        await applyCampaignStates(db(), now, { campaignIds: [campaignId], actor, requestId })
      }
      const [current] = await db()
        .select({ state: campaigns.state, status: campaigns.status })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
      const data: RowActionResponse = { campaignId, state: current!.state, status: current!.status }
      return ok(c, data)
    })
  }

  return app
}
