// A campaign's history from the audit log, newest first (docs/decisions/011). It outlives the campaign:
// a deleted campaign's history stays readable for staff and for its own advertiser.
import { and, desc, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod/v4'
import type { Database } from '../db/client'
import { auditLog, users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { type Env, ok } from '../http'
import { campaignForCaller, encodeName, idParam, pageCount, type Paging } from './campaigns'

export const HISTORY_MAX_SIZE = 100

export const historyQuery = z.object({
  /** 1-based. */
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(HISTORY_MAX_SIZE).default(20),
})

/**
 * One page of the audit entries of a campaign, newest first (at desc, id desc), each with its actor:
 * the user as they are now (name, e-mail) with the role they acted in, or null for the system.
 */
export async function campaignHistory(db: Database, campaignId: number, paging: Paging) {
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
    const campaignId = idParam.parse(c.req.param('id'))
    const paging = historyQuery.parse(c.req.query())
    const db = deps.database.db
    const campaign = await campaignForCaller(db, c.get('auth'), campaignId, { includeDeleted: true })
    const { totalCount, entries } = await campaignHistory(db, campaign.id, paging)
    return ok(c, {
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
    })
  })

  return app
}
