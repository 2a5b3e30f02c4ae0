// /v1/userManagement/*: the user list, one profile, All Advertisers CSV, an agency's brand list, role
// and account-status changes (spec accounts §2 "User management", §4, §6, §7) — issue 11, decision 034.
import { and, asc, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { audit } from '../audit'
import {
  ALL_ADVERTISERS_CSV_HEADER,
  ALL_ADVERTISERS_FILE_NAME,
  BRAND_LIST_CSV_HEADER,
  type UserListItem,
  type UserProfile,
  type UserUpdateResponse,
  updateAccountStatusQuerySchema,
  updateRoleQuerySchema,
  userEmailSchema,
  userListQuerySchema,
} from '../contracts/users'
import { type CsvCell, toCsv } from '../csv'
import type { Database, Tx } from '../db/client'
import { accounts, agencyDocuments, linkRequests, users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { DomainError } from '../errors'
import { type Env, ok } from '../http'
import { ADMIN_ROLES } from '../rules/roles'
import { ADVERTISER_TYPES, mayReactivate, mayRevoke, otherAdminRole, USER_NOT_FOUND } from '../rules/users'
import { requireAuth } from './authorize'
import { actorOf } from './request'
import { revokeUserSessions } from './sessions'

const BASE = '/v1/userManagement'
/** Rows per query of the streamed All Advertisers file. */
const CSV_BATCH = 2000

const notFoundUser = () => new DomainError(404, 'USER_NOT_FOUND', USER_NOT_FOUND)
const conflict = (code: string, message: string) => new DomainError(409, code, message)

type UserRow = typeof users.$inferSelect

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase())

/** The brands each agency is linked to (APPROVED links), by agency id. */
async function brandsOf(db: Database, agencyIds: number[]) {
  const byAgency = new Map<number, { brandId: number; brandName: string }[]>()
  if (agencyIds.length === 0) return byAgency
  const rows = await db
    .select({ agencyId: linkRequests.agencyId, brandId: accounts.id, brandName: accounts.name })
    .from(linkRequests)
    .innerJoin(accounts, eq(accounts.id, linkRequests.brandId))
    .where(and(inArray(linkRequests.agencyId, agencyIds), eq(linkRequests.status, 'APPROVED')))
    .orderBy(asc(accounts.name), asc(accounts.id))
  for (const row of rows) {
    const list = byAgency.get(row.agencyId) ?? []
    list.push({ brandId: row.brandId, brandName: row.brandName })
    byAgency.set(row.agencyId, list)
  }
  return byAgency
}

function listItem(row: UserRow, brands: { brandId: number; brandName: string }[]): UserListItem {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    email: row.email,
    addedBy: row.addedBy,
    timestamp: row.createdAt.toISOString(),
    accountStatus: row.accountStatus,
    brandDetails: row.role === 'AGENCY' ? brands : [],
    profileId: row.profileId,
    primaryContactNumber: row.primaryContactNumber,
    secondaryContactNumber: row.secondaryContactNumber,
    address: row.address,
    pincode: row.pincode,
    comments: row.comments,
  }
}

async function findUser(db: Database | Tx, email: string, lock = false): Promise<UserRow> {
  const query = db.select().from(users).where(byEmail(email)).limit(1)
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFoundUser()
  return row
}

/** An e-mail from the path: decoded, one line, capped (a bad one is a 400, never a 500). */
function emailParam(raw: string): string {
  return userEmailSchema.parse(raw)
}

/** A CSV file streamed in batches: the header, then each batch's rows (csv.ts neutralises formulas). */
function csvStream(header: readonly string[], batches: () => AsyncGenerator<CsvCell[][]>) {
  const encoder = new TextEncoder()
  const headerLine = toCsv(header, [])
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        controller.enqueue(encoder.encode(headerLine))
        for await (const rows of batches()) {
          if (rows.length === 0) continue
          // toCsv writes the header first; the rows follow it on the next line.
          const body = toCsv(header, rows).slice(headerLine.length)
          controller.enqueue(encoder.encode(body))
        }
        controller.close()
      } catch (error) {
        controller.error(error)
      }
    },
  })
}

export function userManagementRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const staff = requireAuth({ roles: ADMIN_ROLES })
  const superadmin = requireAuth({ roles: ['SUPERADMIN'] })

  // spec §7 GET /v1/userManagement/details: one page of users, filtered and sorted on the server.
  app.get(`${BASE}/details`, staff, async (c) => {
    const query = userListQuerySchema.parse(c.req.query())
    const db = deps.database.db
    const filters: SQL[] = []
    if (query.userType !== 'ALL') filters.push(eq(users.role, query.userType))
    if (query.status !== 'ALL') filters.push(eq(users.accountStatus, query.status))
    const where = filters.length ? and(...filters) : undefined
    const order = query.direction === 'asc' ? asc : desc
    const [totals, rows] = await Promise.all([
      db.select({ n: count() }).from(users).where(where),
      db
        .select()
        .from(users)
        .where(where)
        .orderBy(order(users.createdAt), order(users.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
    ])
    const totalCount = Number(totals[0]?.n ?? 0)
    const brands = await brandsOf(
      db,
      rows.filter((r) => r.role === 'AGENCY').map((r) => r.id),
    )
    return ok(c, {
      users: rows.map((row) => listItem(row, brands.get(row.id) ?? [])),
      totalCount,
      page: query.page,
      size: query.size,
      totalPages: Math.ceil(totalCount / query.size),
    })
  })

  // spec §7 GET /v1/userManagement/userProfileDetails/{email}: the profile with the agency's documents.
  app.get(`${BASE}/userProfileDetails/:email`, staff, async (c) => {
    const email = emailParam(c.req.param('email'))
    const db = deps.database.db
    const row = await findUser(db, email)
    const brands = row.role === 'AGENCY' ? ((await brandsOf(db, [row.id])).get(row.id) ?? []) : []
    const documents =
      row.role === 'AGENCY'
        ? await db
            .select({
              docType: agencyDocuments.docType,
              received: agencyDocuments.received,
              fileName: agencyDocuments.fileName,
            })
            .from(agencyDocuments)
            .where(eq(agencyDocuments.agencyId, row.id))
            .orderBy(asc(agencyDocuments.docType))
        : []
    const profile: UserProfile = {
      ...listItem(row, brands),
      userOnBoardingDetails: { agencyDocuments: documents },
    }
    return ok(c, profile)
  })

  // spec §7 GET /v1/userManagement/downloadProfileDetails: All Advertisers (spec §3 columns), streamed.
  app.get(`${BASE}/downloadProfileDetails`, staff, (c) => {
    const db = deps.database.db
    async function* batches() {
      let after = 0
      for (;;) {
        const rows = await db
          .select({
            id: users.id,
            role: users.role,
            accountId: users.accountId,
            name: users.name,
            email: users.email,
          })
          .from(users)
          .where(and(inArray(users.role, [...ADVERTISER_TYPES]), gt(users.id, after)))
          .orderBy(asc(users.id))
          .limit(CSV_BATCH)
        if (rows.length === 0) return
        after = rows.at(-1)!.id
        // Entity Id: the marketplace account id for a seller or brand, the user id for an agency.
        yield rows.map((r): CsvCell[] => [
          r.role,
          r.role === 'AGENCY' ? r.id : (r.accountId ?? r.id),
          r.name,
          r.email,
        ])
        if (rows.length < CSV_BATCH) return
      }
    }
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="${ALL_ADVERTISERS_FILE_NAME}"`)
    return c.body(csvStream(ALL_ADVERTISERS_CSV_HEADER, batches))
  })

  // An agency row's brand list as a file (decision 034): the brandDetails the list shows, as CSV.
  app.get(`${BASE}/brandDetails/:email`, staff, async (c) => {
    const email = emailParam(c.req.param('email'))
    const db = deps.database.db
    const row = await findUser(db, email)
    const brands = row.role === 'AGENCY' ? ((await brandsOf(db, [row.id])).get(row.id) ?? []) : []
    const safeName = row.email.replace(/[^A-Za-z0-9._@-]/g, '_')
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="brands-${safeName}.csv"`)
    return c.body(
      toCsv(
        BRAND_LIST_CSV_HEADER,
        brands.map((b) => [b.brandId, b.brandName]),
      ),
    )
  })

  // spec §7 PUT /v1/userManagement/updateRole?email&newRole&comments: SUPERADMIN moves a user between
  // OPS and SUPERADMIN. The user's next request carries the new role (resolveToken reads it each time).
  app.put(`${BASE}/updateRole`, superadmin, async (c) => {
    const query = updateRoleQuerySchema.parse(c.req.query())
    const auth = c.get('auth')
    const now = deps.now()
    const result = await deps.database.db.transaction(async (tx): Promise<UserUpdateResponse> => {
      const row = await findUser(tx, query.email, true)
      if (row.id === auth.user.id) {
        throw conflict('OWN_ROLE', 'You cannot change your own access')
      }
      if (otherAdminRole(row.role) !== query.newRole) {
        throw conflict(
          'INVALID_ROLE_CHANGE',
          otherAdminRole(row.role) === null
            ? 'Only Admin and Super Admin users have access to change'
            : `The user already has this access`,
        )
      }
      await tx.update(users).set({ role: query.newRole, updatedAt: now }).where(eq(users.id, row.id))
      await audit(tx, {
        action: 'USER_ROLE_CHANGED',
        entityType: 'user',
        entityId: row.id,
        before: { role: row.role },
        after: { role: query.newRole, comments: query.comments },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      return { email: row.email, role: query.newRole, accountStatus: row.accountStatus }
    })
    return ok(c, result, 'Access updated')
  })

  // spec §7 PUT /v1/userManagement/updateAccountStatus?email&action&comments: REVOKE (from APPROVED or
  // REACTIVATED; ends the user's sessions at once) or REACTIVATE (from REVOKED). SUPERADMIN only.
  app.put(`${BASE}/updateAccountStatus`, superadmin, async (c) => {
    const query = updateAccountStatusQuerySchema.parse(c.req.query())
    const auth = c.get('auth')
    const now = deps.now()
    const result = await deps.database.db.transaction(async (tx): Promise<UserUpdateResponse> => {
      const row = await findUser(tx, query.email, true)
      if (row.id === auth.user.id) {
        throw conflict('OWN_ACCOUNT', 'You cannot change the status of your own account')
      }
      const revoke = query.action === 'REVOKE'
      if (revoke ? !mayRevoke(row.accountStatus) : !mayReactivate(row.accountStatus)) {
        throw conflict(
          'INVALID_STATUS',
          revoke
            ? 'Only an approved or reactivated account can be revoked'
            : 'Only a revoked account can be reactivated',
        )
      }
      const next = revoke ? 'REVOKED' : 'REACTIVATED'
      await tx
        .update(users)
        .set({ accountStatus: next, comments: query.comments, updatedAt: now })
        .where(eq(users.id, row.id))
      const sessionsEnded = revoke ? await revokeUserSessions(tx, row.id, 'ACCOUNT_REVOKED', now) : 0
      await audit(tx, {
        action: revoke ? 'USER_REVOKED' : 'USER_REACTIVATED',
        entityType: 'user',
        entityId: row.id,
        before: { accountStatus: row.accountStatus },
        after: { accountStatus: next, comments: query.comments, sessionsEnded },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      return { email: row.email, role: row.role, accountStatus: next }
    })
    return ok(c, result, query.action === 'REVOKE' ? 'Account revoked' : 'Account reactivated')
  })

  return app
}
