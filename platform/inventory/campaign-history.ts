// A campaign's history from the audit log, newest first (docs/decisions/011). It outlives the campaign:
// a deleted campaign's history stays readable for staff and for its own advertiser. Ad-group writes
// (ADGROUP_CREATED/MODIFIED/DELETED, the processing job's ADGROUP_PROCESSING) are audited on their
// campaign's entity, so the one query below holds them too (docs/decisions/032).
import { and, desc, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  type CampaignHistoryResponse,
  campaignHistoryQuerySchema,
  campaignIdPathSchema,
  type HistoryEntry,
} from '../contracts/inventory'
import type { Database } from '../db/client'
import { auditLog, users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { type Env, ok } from '../http'
import { campaignForCaller, encodeName, type Paging, pageCount } from './campaign-access'

/**
 * One page of the audit entries of a campaign, newest first (at desc, id desc), each with its actor:
 * the user as they are now (name, e-mail) with the role they acted in, or null for the system.
 */
export async function campaignHistory(
  db: Database,
  campaignId: number,
  paging: Paging,
): Promise<{ totalCount: number; entries: HistoryEntry[] }> {
  const ofCampaign = and(eq(auditLog.entityType, 'campaign'), eq(auditLog.entityId, String(campaignId)))
  const [counted] = await db.select({ n: sql<string>`count(*)` }).from(auditLog).where(ofCampaign)
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actorRole: auditLog.actorRole,
      actorName: users.name,
      actorEmail: users.email,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(ofCampaign)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size)
  return {
    totalCount: Number(counted?.n ?? 0),
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      actor:
        row.actorUserId === null
          ? null
          : {
              userId: row.actorUserId,
              role: row.actorRole,
              name: row.actorName,
              email: row.actorEmail,
            },
      before: row.before,
      after: row.after,
    })),
  }
}

export function campaignHistoryRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // Beyond the spec; path ours (docs/decisions/011): GET /v1/campaign/{id}/history?page&size.
  app.get('/v1/campaign/:id/history', async (c) => {
    const { id: campaignId } = campaignIdPathSchema.parse(c.req.param())
    const paging = campaignHistoryQuerySchema.parse(c.req.query())
    const db = deps.database.db
    const campaign = await campaignForCaller(db, c.get('auth'), campaignId, { includeDeleted: true })
    const { totalCount, entries } = await campaignHistory(db, campaign.id, paging)
    const data: CampaignHistoryResponse = {
      campaign: {
        id: campaign.id,
        jmcampaign_id: campaign.jmcampaignId,
        name: encodeName(campaign.name),
        deleted: campaign.deletedAt !== null,
      },
      entries,
      totalCount,
      page: paging.page,
      size: paging.size,
      totalPages: pageCount(totalCount, paging.size),
    }
    return ok(c, data)
  })

  return app
}
