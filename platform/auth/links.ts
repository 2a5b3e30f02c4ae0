// Agency–brand links (spec accounts §2 "Agency links", §4 "Link and de-link", §7; decision 036):
// an agency asks a brand for a link, the brand approves or rejects it, either side asks for a de-link
// and the super admin approves or rejects that. Every write is one transaction with its audit rows.
// An agency acts for a brand only while its link is APPROVED (mayActFor), so a de-link takes effect
// on the agency's very next call.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type Context, Hono } from 'hono'
import { audit } from '../audit'
import {
  delinkDecisionBodySchema,
  delinkRequestBodySchema,
  type DelinkRequestItem,
  linkDecisionQuerySchema,
  linkedListQuerySchema,
  linkHistoryQuerySchema,
  linkRequestQuerySchema,
} from '../contracts/links'
import { toCsv } from '../csv'
import type { Database, Tx } from '../db/client'
import { accounts, delinkRequests, linkRequests, users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { badRequest, DomainError, forbidden, notFound } from '../errors'
import { type Env, ok } from '../http'
import { formatIstDateTime } from '../rules/format'
import { LINKED_AGENCIES_CSV_HEADER, LINKED_BRANDS_CSV_HEADER, LinkMessages } from '../rules/links'
import { isAdminRole } from '../rules/roles'
import { type AuthContext, requireAuth } from './authorize'
import { actorOf } from './request'

const conflict = (errorCode: string, message: string) => new DomainError(409, errorCode, message)

/** A unique-index violation (SQLSTATE 23505) anywhere in the error's cause chain (Drizzle wraps it). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = current.cause
  }
  return false
}

/** A BRAND account of the marketplace directory, or 400 'Brand ID is invalid' (unknown ids too). */
async function brandAccount(db: Database | Tx, brandId: number) {
  const [brand] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.id, brandId), eq(accounts.kind, 'BRAND')))
    .limit(1)
  if (!brand) throw badRequest(LinkMessages.brandIdInvalid, { brandId: [LinkMessages.brandIdInvalid] })
  return brand
}

/** An AGENCY user by user id or e-mail, or 400 'Agency ID is invalid'. */
async function agencyUser(db: Database | Tx, ref: string | number) {
  const text = String(ref).trim()
  const byId = /^\d{1,15}$/.test(text)
  const [agency] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, 'AGENCY'),
        byId ? eq(users.id, Number(text)) : eq(sql`lower(${users.email})`, text.toLowerCase()),
      ),
    )
    .limit(1)
  if (!agency) throw badRequest(LinkMessages.agencyIdInvalid, { agencyId: [LinkMessages.agencyIdInvalid] })
  return agency
}

const iso = (date: Date | null) => (date ? date.toISOString() : null)

const agencies = alias(users, 'agency')
const requesters = alias(users, 'requester')
const actioners = alias(users, 'actioner')

/** The caller's own brand account (a BRAND user's account id is its user id). */
const ownBrandId = (auth: AuthContext) => auth.user.accountId ?? -1

/** Staff, or the account itself: who may read a linked list. */
function mayReadLinkedList(auth: AuthContext, role: 'AGENCY' | 'BRAND', id: number) {
  if (isAdminRole(auth.user.role)) return true
  if (auth.user.role !== role) return false
  return role === 'BRAND' ? ownBrandId(auth) === id : auth.user.id === id
}

function pathId(c: Context<Env>) {
  const raw = c.req.param('id') ?? ''
  if (!/^\d{1,15}$/.test(raw)) throw badRequest('ID is invalid')
  return Number(raw)
}

function csvFile(c: Context<Env>, name: string, body: string) {
  return c.body(body, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
  })
}

export function linkRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const db = deps.database.db

  // spec: POST /v1/brand/link-request?brandId — an agency asks a brand for a link.
  app.post('/v1/brand/link-request', requireAuth({ roles: ['AGENCY'] }), async (c) => {
    const auth = c.get('auth')
    const { brandId } = linkRequestQuerySchema.parse(c.req.query())
    const now = deps.now()
    const liveConflict = async (executor: Database | Tx) => {
      const [live] = await executor
        .select({ status: linkRequests.status })
        .from(linkRequests)
        .where(
          and(
            eq(linkRequests.agencyId, auth.user.id),
            eq(linkRequests.brandId, brandId),
            inArray(linkRequests.status, ['PENDING', 'APPROVED']),
          ),
        )
        .limit(1)
      if (!live) return null
      return live.status === 'APPROVED'
        ? conflict('ALREADY_LINKED', LinkMessages.alreadyLinked)
        : conflict('LINK_PENDING', LinkMessages.linkPending)
    }
    try {
      const row = await db.transaction(async (tx) => {
        const brand = await brandAccount(tx, brandId)
        const refusal = await liveConflict(tx)
        if (refusal) throw refusal
        const [inserted] = await tx
          .insert(linkRequests)
          .values({
            agencyId: auth.user.id,
            brandId,
            status: 'PENDING',
            requestedBy: auth.user.id,
            requestedAt: now,
          })
          .returning()
        if (!inserted) throw new Error('link request not inserted')
        const after = { agencyId: inserted.agencyId, brandId, brandName: brand.name, status: inserted.status }
        await audit(tx, {
          action: 'LINK_REQUESTED',
          entityType: 'link_request',
          entityId: inserted.id,
          after,
          actor: actorOf(c, auth.user),
          requestId: c.get('requestId'),
          at: now,
        })
        return { requestId: inserted.id, agencyId: inserted.agencyId, brandId, status: inserted.status }
      })
      return ok(c, row, 'Link request created')
    } catch (error) {
      // Two requests at once: the partial unique index (one live link per pair) refused the second.
      if (isUniqueViolation(error))
        throw (await liveConflict(db)) ?? conflict('LINK_PENDING', LinkMessages.linkPending)
      throw error
    }
  })

  // spec: POST /v1/brand/link?agencyId&approvalStatus — the brand answers its own pending request.
  app.post('/v1/brand/link', requireAuth({ roles: ['BRAND'] }), async (c) => {
    const auth = c.get('auth')
    const { agencyId, approvalStatus } = linkDecisionQuerySchema.parse(c.req.query())
    const brandId = ownBrandId(auth)
    const now = deps.now()
    const row = await db.transaction(async (tx) => {
      const [pending] = await tx
        .select()
        .from(linkRequests)
        .where(
          and(
            eq(linkRequests.agencyId, agencyId),
            eq(linkRequests.brandId, brandId),
            eq(linkRequests.status, 'PENDING'),
          ),
        )
        .for('update')
      // Another brand's request is not this brand's to see: the same 404 as none at all.
      if (!pending) throw new DomainError(404, 'NOT_FOUND', LinkMessages.noPendingLink)
      await tx
        .update(linkRequests)
        .set({ status: approvalStatus, actionedBy: auth.user.id, actionedAt: now })
        .where(eq(linkRequests.id, pending.id))
      await audit(tx, {
        action: approvalStatus === 'APPROVED' ? 'LINK_APPROVED' : 'LINK_REJECTED',
        entityType: 'link_request',
        entityId: pending.id,
        before: { status: pending.status },
        after: { status: approvalStatus, agencyId, brandId },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      return { requestId: pending.id, agencyId, brandId, status: approvalStatus }
    })
    return ok(c, row, approvalStatus === 'APPROVED' ? 'Link approved' : 'Link rejected')
  })

  // spec: POST /v1/brand/de-link-request {agencyId, brandId, deLinkReason} — the agency or the brand.
  app.post('/v1/brand/de-link-request', requireAuth({ roles: ['AGENCY', 'BRAND'] }), async (c) => {
    const auth = c.get('auth')
    const body = delinkRequestBodySchema.parse(await c.req.json())
    const now = deps.now()
    const row = await db.transaction(async (tx) => {
      const agency = await agencyUser(tx, body.agencyId)
      const brand = await brandAccount(tx, body.brandId)
      if (auth.user.role === 'AGENCY' && agency.id !== auth.user.id)
        throw forbidden(LinkMessages.notYourAgency)
      if (auth.user.role === 'BRAND' && brand.id !== ownBrandId(auth))
        throw forbidden(LinkMessages.notYourBrand)
      // The link row is locked, so two de-link requests for it queue and the second sees the first.
      const [link] = await tx
        .select()
        .from(linkRequests)
        .where(
          and(
            eq(linkRequests.agencyId, agency.id),
            eq(linkRequests.brandId, brand.id),
            eq(linkRequests.status, 'APPROVED'),
          ),
        )
        .for('update')
      if (!link) throw conflict('NOT_LINKED', LinkMessages.notLinked)
      const [pending] = await tx
        .select({ id: delinkRequests.id })
        .from(delinkRequests)
        .where(
          and(
            eq(delinkRequests.agencyId, agency.id),
            eq(delinkRequests.brandId, brand.id),
            eq(delinkRequests.status, 'PENDING'),
          ),
        )
        .limit(1)
      if (pending) throw conflict('DELINK_PENDING', LinkMessages.delinkPending)
      const [inserted] = await tx
        .insert(delinkRequests)
        .values({
          linkRequestId: link.id,
          agencyId: agency.id,
          brandId: brand.id,
          reason: body.deLinkReason,
          status: 'PENDING',
          requestedBy: auth.user.id,
          requestedAt: now,
        })
        .returning()
      if (!inserted) throw new Error('de-link request not inserted')
      await audit(tx, {
        action: 'DELINK_REQUESTED',
        entityType: 'delink_request',
        entityId: inserted.id,
        after: { linkRequestId: link.id, agencyId: agency.id, brandId: brand.id, reason: body.deLinkReason },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      return { requestId: inserted.id, agencyId: agency.id, brandId: brand.id, status: inserted.status }
    })
    return ok(c, row, 'De-link request created')
  })

  // spec: POST /v1/brand/de-link {agencyId, brandId, approvalStatus, isDelink} — the super admin decides.
  app.post('/v1/brand/de-link', requireAuth({ roles: ['SUPERADMIN'] }), async (c) => {
    const auth = c.get('auth')
    const body = delinkDecisionBodySchema.parse(await c.req.json())
    if (body.isDelink !== undefined && body.isDelink !== (body.approvalStatus === 'APPROVED')) {
      throw badRequest(LinkMessages.isDelinkMismatch)
    }
    const now = deps.now()
    const row = await db.transaction(async (tx) => {
      const [pending] = await tx
        .select()
        .from(delinkRequests)
        .where(
          and(
            eq(delinkRequests.agencyId, body.agencyId),
            eq(delinkRequests.brandId, body.brandId),
            eq(delinkRequests.status, 'PENDING'),
          ),
        )
        .for('update')
      if (!pending) throw new DomainError(404, 'NOT_FOUND', LinkMessages.noPendingDelink)
      await tx
        .update(delinkRequests)
        .set({ status: body.approvalStatus, actionedBy: auth.user.id, actionedAt: now })
        .where(eq(delinkRequests.id, pending.id))
      const actor = actorOf(c, auth.user)
      const requestId = c.get('requestId')
      await audit(tx, {
        action: body.approvalStatus === 'APPROVED' ? 'DELINK_APPROVED' : 'DELINK_REJECTED',
        entityType: 'delink_request',
        entityId: pending.id,
        before: { status: pending.status },
        after: { status: body.approvalStatus, agencyId: body.agencyId, brandId: body.brandId },
        actor,
        requestId,
        at: now,
      })
      if (body.approvalStatus === 'APPROVED') {
        // The live link ends now: mayActFor reads APPROVED links only.
        const ended = await tx
          .update(linkRequests)
          .set({ status: 'DELINKED', actionedBy: auth.user.id, actionedAt: now })
          .where(
            and(
              eq(linkRequests.agencyId, body.agencyId),
              eq(linkRequests.brandId, body.brandId),
              eq(linkRequests.status, 'APPROVED'),
            ),
          )
          .returning({ id: linkRequests.id })
        for (const link of ended) {
          await audit(tx, {
            action: 'LINK_DELINKED',
            entityType: 'link_request',
            entityId: link.id,
            before: { status: 'APPROVED' },
            after: { status: 'DELINKED', delinkRequestId: pending.id },
            actor,
            requestId,
            at: now,
          })
        }
      }
      return {
        requestId: pending.id,
        agencyId: body.agencyId,
        brandId: body.brandId,
        status: body.approvalStatus,
      }
    })
    return ok(c, row, body.approvalStatus === 'APPROVED' ? 'De-link approved' : 'De-link request rejected')
  })

  // spec: GET /v1/link-request/listing — the brand's pending link requests, newest first.
  app.get('/v1/link-request/listing', requireAuth({ roles: ['BRAND'] }), async (c) => {
    const brandId = ownBrandId(c.get('auth'))
    const rows = await db
      .select({
        requestId: linkRequests.id,
        agencyId: linkRequests.agencyId,
        agencyName: agencies.name,
        agencyEmail: agencies.email,
        brandId: linkRequests.brandId,
        brandName: accounts.name,
        requestedBy: requesters.name,
        requestedAt: linkRequests.requestedAt,
      })
      .from(linkRequests)
      .innerJoin(agencies, eq(agencies.id, linkRequests.agencyId))
      .innerJoin(accounts, eq(accounts.id, linkRequests.brandId))
      .leftJoin(requesters, eq(requesters.id, linkRequests.requestedBy))
      .where(and(eq(linkRequests.brandId, brandId), eq(linkRequests.status, 'PENDING')))
      .orderBy(desc(linkRequests.requestedAt), desc(linkRequests.id))
    return ok(
      c,
      rows.map(({ requestedAt, requestedBy, ...row }) => ({
        ...row,
        requestedBy: requestedBy ?? row.agencyName,
        timeStamp: requestedAt.toISOString(),
      })),
    )
  })

  const delinkItems = (where: ReturnType<typeof eq>) =>
    db
      .select({
        requestId: delinkRequests.id,
        agencyId: delinkRequests.agencyId,
        agencyName: agencies.name,
        agencyEmail: agencies.email,
        brandId: delinkRequests.brandId,
        brandName: accounts.name,
        requestedBy: requesters.name,
        requestedAt: delinkRequests.requestedAt,
        reason: delinkRequests.reason,
        status: delinkRequests.status,
        actionedBy: actioners.name,
        actionedAt: delinkRequests.actionedAt,
      })
      .from(delinkRequests)
      .innerJoin(agencies, eq(agencies.id, delinkRequests.agencyId))
      .innerJoin(accounts, eq(accounts.id, delinkRequests.brandId))
      .leftJoin(requesters, eq(requesters.id, delinkRequests.requestedBy))
      .leftJoin(actioners, eq(actioners.id, delinkRequests.actionedBy))
      .where(where)
      .orderBy(desc(delinkRequests.requestedAt), desc(delinkRequests.id))
      .then((rows) =>
        rows.map(
          ({ requestedAt, actionedAt, requestedBy, ...row }): DelinkRequestItem => ({
            ...row,
            requestedBy: requestedBy ?? '',
            timeStamp: requestedAt.toISOString(),
            actionedTimeStamp: iso(actionedAt),
          }),
        ),
      )

  // spec: GET /v1/de-link-request/listing — pending de-link requests (super admin).
  app.get('/v1/de-link-request/listing', requireAuth({ roles: ['SUPERADMIN'] }), async (c) =>
    ok(c, await delinkItems(eq(delinkRequests.status, 'PENDING'))),
  )

  // One de-link request, any status, for the super admin's detail view (decision 036).
  app.get('/v1/de-link-request/:id', requireAuth({ roles: ['SUPERADMIN'] }), async (c) => {
    const [item] = await delinkItems(eq(delinkRequests.id, pathId(c)))
    if (!item) throw notFound('De-link request')
    return ok(c, item)
  })

  // spec: GET /v1/link-request/history — the agency's own requests, newest first, paged (5/10/15).
  app.get('/v1/link-request/history', requireAuth({ roles: ['AGENCY'] }), async (c) => {
    const agencyId = c.get('auth').user.id
    const { page, size } = linkHistoryQuerySchema.parse(c.req.query())
    const mine = eq(linkRequests.agencyId, agencyId)
    const [rows, [total]] = await Promise.all([
      db
        .select({
          requestId: linkRequests.id,
          brandId: linkRequests.brandId,
          brandName: accounts.name,
          requestedAt: linkRequests.requestedAt,
          status: linkRequests.status,
          actionedAt: linkRequests.actionedAt,
        })
        .from(linkRequests)
        .innerJoin(accounts, eq(accounts.id, linkRequests.brandId))
        .where(mine)
        .orderBy(desc(linkRequests.requestedAt), desc(linkRequests.id))
        .limit(size)
        .offset((page - 1) * size),
      db.select({ n: count() }).from(linkRequests).where(mine),
    ])
    const totalCount = total?.n ?? 0
    return ok(c, {
      items: rows.map(({ requestedAt, actionedAt, ...row }) => ({
        ...row,
        timeStamp: requestedAt.toISOString(),
        approvedTimeStamp: iso(actionedAt),
      })),
      page,
      size,
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / size)),
    })
  })

  // spec: GET /v1/linkedAgencies/{brandId} — the brand itself or staff; ?format=csv for the file.
  app.get('/v1/linkedAgencies/:id', requireAuth(), async (c) => {
    const brandId = pathId(c)
    if (!mayReadLinkedList(c.get('auth'), 'BRAND', brandId)) throw forbidden()
    const { format } = linkedListQuerySchema.parse(c.req.query())
    const rows = await db
      .select({
        agencyId: linkRequests.agencyId,
        agencyName: agencies.name,
        agencyEmail: agencies.email,
        linkedAt: linkRequests.actionedAt,
        requestedAt: linkRequests.requestedAt,
      })
      .from(linkRequests)
      .innerJoin(agencies, eq(agencies.id, linkRequests.agencyId))
      .where(and(eq(linkRequests.brandId, brandId), eq(linkRequests.status, 'APPROVED')))
      .orderBy(sql`lower(${agencies.name})`, linkRequests.agencyId)
    const list = rows.map(({ linkedAt, requestedAt, ...row }) => ({
      ...row,
      linkedOn: (linkedAt ?? requestedAt).toISOString(),
    }))
    if (format === 'csv') {
      const data = list.map((r) => [
        r.agencyId,
        r.agencyName,
        r.agencyEmail,
        formatIstDateTime(new Date(r.linkedOn)),
      ])
      return csvFile(c, `linked-agencies-${brandId}.csv`, toCsv(LINKED_AGENCIES_CSV_HEADER, data))
    }
    return ok(c, list)
  })

  // spec: GET /v1/linkedBrands/{agencyId} — the agency itself or staff; ?format=csv for the file.
  app.get('/v1/linkedBrands/:id', requireAuth(), async (c) => {
    const agencyId = pathId(c)
    if (!mayReadLinkedList(c.get('auth'), 'AGENCY', agencyId)) throw forbidden()
    const { format } = linkedListQuerySchema.parse(c.req.query())
    const rows = await db
      .select({
        brandId: linkRequests.brandId,
        brandName: accounts.name,
        linkedAt: linkRequests.actionedAt,
        requestedAt: linkRequests.requestedAt,
      })
      .from(linkRequests)
      .innerJoin(accounts, eq(accounts.id, linkRequests.brandId))
      .where(and(eq(linkRequests.agencyId, agencyId), eq(linkRequests.status, 'APPROVED')))
      .orderBy(sql`lower(${accounts.name})`, linkRequests.brandId)
    const list = rows.map(({ linkedAt, requestedAt, ...row }) => ({
      ...row,
      linkedOn: (linkedAt ?? requestedAt).toISOString(),
    }))
    if (format === 'csv') {
      const data = list.map((r) => [r.brandId, r.brandName, formatIstDateTime(new Date(r.linkedOn))])
      return csvFile(c, `linked-brands-${agencyId}.csv`, toCsv(LINKED_BRANDS_CSV_HEADER, data))
    }
    return ok(c, list)
  })

  return app
}
