// Approvals (spec accounts §2, §4, §7) — SUPERADMIN only:
//   GET   /v1/approval/listing                     the approval list (filters, sort, paging)
//   GET   /v1/{userType}/{userId}                  one user: read-only profile, agency documents, comments
//   PATCH /v1/{userType}/{userId}?accountStatus=   PENDING → APPROVED | REJECTED (comments as the body)
// and the agency documents staff receive offline and upload here (issue 11, decision 035):
//   POST  /v1/AGENCY/{userId}/documents/{slug}     one PDF/PNG/JPEG file, ≤ 10 MB, limit enforced while streaming
//   GET   /v1/AGENCY/{userId}/documents/{slug}     the stored file, inline, with its sniffed type
// The {userType}/{userId} paths are patterns of role names and digits, so they never shadow /v1/x/y calls.
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { unstable_parseMultipartFormData } from '@remix-run/node'
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { audit } from '../audit'
import {
  type AgencyDocument,
  type ApprovalDetail,
  type ApprovalListItem,
  approvalCommentsSchema,
  approvalDecisionBodySchema,
  approvalDecisionQuerySchema,
  approvalListQuerySchema,
} from '../contracts/approvals'
import type { Tx } from '../db/client'
import { agencyDocuments, users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { badRequest, DomainError } from '../errors'
import { type Env, ok } from '../http'
import { log } from '../log'
import {
  AGENCY_DOCUMENT_KINDS,
  AGENCY_DOCUMENT_MAX_BYTES,
  type AgencyDocumentType,
  agencyDocumentTypes,
  ApprovalMessages,
  cleanFileName,
  documentSlug,
  documentTypeOfSlug,
  sniffDocumentKind,
} from '../rules/approvals'
import { MAX_UPLOAD_TEXT_FIELD_BYTES, MULTIPART_OVERHEAD_BYTES } from '../rules/uploads'
import { Roles } from '../rules/roles'
import { requireAuth } from './authorize'
import { actorOf } from './request'
import { sniffedWhileStreaming, spoolWithLimit, UploadTooLarge } from '../uploads/receive'

const ROLE_PATTERN = Roles.join('|')
/** The detail's path: role names and digits only (never `/v1/approval/listing`, `/v1/linkedBrands/1`…). */
const USER_PATH = `/v1/:userType{${ROLE_PATTERN}}/:userId{[0-9]{1,15}}`
const DOCUMENT_PATH = '/v1/AGENCY/:userId{[0-9]{1,15}}/documents/:docType'
const SUPERADMIN_ONLY = requireAuth({ roles: ['SUPERADMIN'] })

const notFound = (message: string) => new DomainError(404, 'NOT_FOUND', message)

type UserRow = typeof users.$inferSelect
type DocumentRow = typeof agencyDocuments.$inferSelect

function listItem(user: UserRow): ApprovalListItem {
  return {
    user_id: user.id,
    user_type: user.role,
    name: user.name,
    added_by: user.addedBy,
    timestamp: user.createdAt.toISOString(),
    status: user.accountStatus,
    agencyId: user.role === 'AGENCY' ? user.id : null,
  }
}

function documentOf(docType: AgencyDocumentType, row: DocumentRow | undefined): AgencyDocument {
  return {
    docType,
    slug: documentSlug(docType),
    received: row?.received ?? false,
    fileName: row?.fileName ?? null,
    notes: row?.notes ?? null,
    viewable: Boolean(row?.storagePath),
  }
}

/** The user at /v1/{userType}/{userId}; 404 when the id is unknown or is not of that type. */
async function findUser(db: Tx, userType: string | undefined, userId: string | undefined): Promise<UserRow> {
  if (!userId || !/^\d{1,15}$/.test(userId)) throw notFound(ApprovalMessages.userNotFound)
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.id, Number(userId)))
    .limit(1)
  if (!user || user.role !== userType) throw notFound(ApprovalMessages.userNotFound)
  return user
}

/** The directory of one agency's files, under the data directory. */
const agencyDir = (dataDir: string, agencyId: number) =>
  path.join(dataDir, 'agency-documents', String(agencyId))

/** A stored path (relative to the data directory) back to a file, only if it stays inside agency-documents. */
function storedFile(dataDir: string, storagePath: string): string | null {
  const root = path.resolve(dataDir, 'agency-documents')
  const file = path.resolve(dataDir, storagePath)
  return file.startsWith(root + path.sep) ? file : null
}

/** The comments of a PATCH: JSON {comments} or a plain-text body (spec §7 "comments as body"). */
async function readComments(request: Request): Promise<string> {
  const type = request.headers.get('content-type') ?? ''
  if (/^application\/json\b/i.test(type)) {
    const parsed = approvalDecisionBodySchema.parse(await request.json())
    return parsed.comments ?? ''
  }
  const text = await request.text()
  return approvalCommentsSchema.parse(text)
}

function approvalMail(deps: PlatformDeps, user: UserRow) {
  const terms = `${deps.consoleUrl}/terms-and-conditions`
  return {
    to: user.email,
    subject: 'Your Ad Console account is approved',
    text:
      `Hello ${user.name},\n\n` +
      `Your Ad Console account (${user.email}) has been approved.\n\n` +
      'Read and accept the terms and conditions to start using the console:\n' +
      `${terms}\n\n` +
      'Sign in first, with your e-mail address, your password and the code from your authenticator app: ' +
      `the terms page opens once you are signed in (sign in at ${deps.consoleUrl}/).`,
  }
}

function rejectionMail(user: UserRow, comments: string) {
  return {
    to: user.email,
    subject: 'Your Ad Console registration was not approved',
    text:
      `Hello ${user.name},\n\n` +
      `Your Ad Console registration (${user.email}) was not approved, for this reason:\n\n` +
      `${comments}\n\n` +
      'Reply to your Ad Console contact if you want to send corrected documents.',
  }
}

export function approvalRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const db = deps.database.db

  // spec §7: GET /v1/approval/listing → the approval list (spec §3 items), filtered, sorted and paged here.
  app.get('/v1/approval/listing', SUPERADMIN_ONLY, async (c) => {
    const query = approvalListQuerySchema.parse(c.req.query())
    const filters: SQL[] = []
    if (query.userType !== 'ALL') filters.push(eq(users.role, query.userType))
    if (query.status !== 'ALL') filters.push(eq(users.accountStatus, query.status))
    const where = filters.length ? and(...filters) : undefined
    const [total] = await db.select({ n: count() }).from(users).where(where)
    const totalCount = Number(total?.n ?? 0)
    const byTime = query.direction === 'asc' ? asc : desc
    // Default: the work first (PENDING), newest first; sorted by timestamp: that order alone.
    const order =
      query.sort === 'timestamp'
        ? [byTime(users.createdAt), byTime(users.id)]
        : [desc(sql`${users.accountStatus} = 'PENDING'`), desc(users.createdAt), desc(users.id)]
    const rows = await db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.page - 1) * query.size)
    return ok(c, {
      items: rows.map(listItem),
      page: query.page,
      size: query.size,
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / query.size)),
    })
  })

  // spec §7: GET /v1/{userType}/{userId} → the detail.
  app.get(USER_PATH, SUPERADMIN_ONLY, async (c) => {
    const user = await findUser(db, c.req.param('userType'), c.req.param('userId'))
    const rows =
      user.role === 'AGENCY'
        ? await db.select().from(agencyDocuments).where(eq(agencyDocuments.agencyId, user.id))
        : []
    const detail: ApprovalDetail = {
      ...listItem(user),
      email: user.email,
      profileId: user.profileId,
      primaryContactNumber: user.primaryContactNumber,
      secondaryContactNumber: user.secondaryContactNumber,
      address: user.address,
      pincode: user.pincode === null ? null : String(user.pincode).padStart(6, '0'),
      comments: user.comments,
      agencyDocuments:
        user.role === 'AGENCY'
          ? agencyDocumentTypes.map((docType) =>
              documentOf(
                docType,
                rows.find((r) => r.docType === docType),
              ),
            )
          : [],
    }
    return ok(c, detail)
  })

  // spec §7: PATCH /v1/{userType}/{userId}?accountStatus=APPROVED|REJECTED, comments as the body.
  // spec §4: only a PENDING user; rejection requires comments, approval stores an empty comment.
  app.patch(USER_PATH, SUPERADMIN_ONLY, async (c) => {
    const { accountStatus } = approvalDecisionQuerySchema.parse(c.req.query())
    const typed = await readComments(c.req.raw)
    if (accountStatus === 'REJECTED' && !typed) {
      throw badRequest(ApprovalMessages.commentsRequired, { comments: [ApprovalMessages.commentsRequired] })
    }
    const comments = accountStatus === 'APPROVED' ? '' : typed
    const auth = c.get('auth')
    const now = deps.now()
    const user = await db.transaction(async (tx) => {
      const found = await findUser(tx, c.req.param('userType'), c.req.param('userId'))
      const [changed] = await tx
        .update(users)
        .set({ accountStatus, comments, updatedAt: now })
        .where(and(eq(users.id, found.id), eq(users.accountStatus, 'PENDING')))
        .returning()
      if (!changed) throw new DomainError(409, 'NOT_PENDING', ApprovalMessages.notPending)
      await audit(tx, {
        action: accountStatus === 'APPROVED' ? 'ACCOUNT_APPROVED' : 'ACCOUNT_REJECTED',
        entityType: 'user',
        entityId: found.id,
        before: { accountStatus: found.accountStatus, comments: found.comments },
        after: { accountStatus, comments },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      return changed
    })
    // After the commit: the decision stands even if the mail server is down (the failure is logged).
    let mailSent = true
    try {
      await deps.mailer.send(
        accountStatus === 'APPROVED' ? approvalMail(deps, user) : rejectionMail(user, comments),
      )
    } catch (error) {
      mailSent = false
      log.error('approval mail failed', { userId: user.id, accountStatus, error: (error as Error).message })
    }
    const message =
      accountStatus === 'APPROVED'
        ? `${user.name} approved; the terms and conditions link was sent to ${user.email}`
        : `${user.name} rejected`
    return ok(c, { user_id: user.id, status: accountStatus, comments, mailSent }, message)
  })

  // Upload the file of one agency document, received offline (issue 11): one file, sniffed as PDF, PNG or
  // JPEG, at most 10 MB counted while it streams; the row is marked received with the file's name.
  app.post(DOCUMENT_PATH, SUPERADMIN_ONLY, async (c) => {
    const docType = documentTypeOfSlug(c.req.param('docType'))
    if (!docType) throw notFound(ApprovalMessages.documentNotFound)
    const agency = await findUser(db, 'AGENCY', c.req.param('userId'))
    const request = c.req.raw
    const declared = Number(request.headers.get('content-length') ?? Number.NaN)
    if (Number.isFinite(declared) && declared > AGENCY_DOCUMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
      throw new UploadTooLarge(ApprovalMessages.tooLarge)
    if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? ''))
      throw new DomainError(400, 'WRONG_FILE_TYPE', ApprovalMessages.noFile)

    const dir = agencyDir(deps.dataDir, agency.id)
    await mkdir(dir, { recursive: true })
    const incoming = path.join(dir, `.incoming-${randomUUID()}`)
    let received: { fileName: string; size: number } | null = null
    try {
      await unstable_parseMultipartFormData(request, async (part) => {
        if (part.name !== 'file' || part.filename === undefined) {
          let size = 0
          for await (const chunk of part.data) {
            size += chunk.byteLength
            if (size > MAX_UPLOAD_TEXT_FIELD_BYTES) throw new UploadTooLarge(ApprovalMessages.tooLarge)
          }
          return undefined
        }
        if (received) throw new DomainError(400, 'ONE_FILE_ONLY', 'Upload one file at a time')
        if (!part.filename) throw new DomainError(400, 'NO_FILE', ApprovalMessages.noFile)
        // The kind is sniffed from the first bytes as they arrive (the full check follows below).
        const data = sniffedWhileStreaming(
          part.data,
          8,
          (head) => sniffDocumentKind(head) !== null,
          () => new DomainError(400, 'WRONG_FILE_TYPE', ApprovalMessages.wrongType),
        )
        const size = await spoolWithLimit(
          data,
          incoming,
          AGENCY_DOCUMENT_MAX_BYTES,
          ApprovalMessages.tooLarge,
        )
        received = { fileName: part.filename, size }
        return undefined
      })
    } catch (error) {
      await rm(incoming, { force: true })
      if (error instanceof DomainError) throw error
      throw new DomainError(400, 'MALFORMED_UPLOAD', ApprovalMessages.unreadable)
    }
    const file = received as { fileName: string; size: number } | null
    if (!file || file.size === 0) {
      await rm(incoming, { force: true })
      throw new DomainError(400, 'NO_FILE', ApprovalMessages.noFile)
    }
    // The type is what the bytes say, not the name or the declared Content-Type.
    const head = new Uint8Array(8)
    const handle = await open(incoming, 'r')
    try {
      await handle.read(head, 0, 8, 0)
    } finally {
      await handle.close()
    }
    const kind = sniffDocumentKind(head)
    if (!kind) {
      await rm(incoming, { force: true })
      throw new DomainError(400, 'WRONG_FILE_TYPE', ApprovalMessages.wrongType)
    }
    const stored = `${documentSlug(docType)}-${randomUUID()}.${AGENCY_DOCUMENT_KINDS[kind].extension}`
    await rename(incoming, path.join(dir, stored))
    const storagePath = path.join('agency-documents', String(agency.id), stored)
    const fileName = cleanFileName(
      file.fileName,
      `${documentSlug(docType)}.${AGENCY_DOCUMENT_KINDS[kind].extension}`,
    )
    const auth = c.get('auth')
    const now = deps.now()
    let row: DocumentRow
    let replaced: string | null = null
    try {
      row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(agencyDocuments)
          .where(and(eq(agencyDocuments.agencyId, agency.id), eq(agencyDocuments.docType, docType)))
          .limit(1)
        replaced = before?.storagePath ?? null
        const [saved] = await tx
          .insert(agencyDocuments)
          .values({ agencyId: agency.id, docType, fileName, storagePath, received: true })
          .onConflictDoUpdate({
            target: [agencyDocuments.agencyId, agencyDocuments.docType],
            set: { fileName, storagePath, received: true },
          })
          .returning()
        await audit(tx, {
          action: 'AGENCY_DOCUMENT_UPLOADED',
          entityType: 'agency_document',
          entityId: saved!.id,
          before: before
            ? {
                docType,
                received: before.received,
                fileName: before.fileName,
                stored: Boolean(before.storagePath),
              }
            : null,
          after: { agencyId: agency.id, docType, received: true, fileName, size: file.size, kind },
          actor: actorOf(c, auth.user),
          requestId: c.get('requestId'),
          at: now,
        })
        return saved!
      })
    } catch (error) {
      await rm(path.join(dir, stored), { force: true })
      throw error
    }
    // The file it replaces goes once the new one is recorded.
    const old = replaced ? storedFile(deps.dataDir, replaced) : null
    if (old) await rm(old, { force: true })
    return ok(c, documentOf(docType, row), `${docType} uploaded`)
  })

  // The stored file of one agency document, for viewing in the browser.
  app.get(DOCUMENT_PATH, SUPERADMIN_ONLY, async (c) => {
    const docType = documentTypeOfSlug(c.req.param('docType'))
    if (!docType) throw notFound(ApprovalMessages.documentNotFound)
    const agency = await findUser(db, 'AGENCY', c.req.param('userId'))
    const [row] = await db
      .select()
      .from(agencyDocuments)
      .where(and(eq(agencyDocuments.agencyId, agency.id), eq(agencyDocuments.docType, docType)))
      .limit(1)
    const file = row?.storagePath ? storedFile(deps.dataDir, row.storagePath) : null
    if (!row || !file)
      throw notFound(row?.received ? ApprovalMessages.noStoredFile : ApprovalMessages.documentNotFound)
    const info = await stat(file).catch(() => null)
    if (!info) throw notFound(ApprovalMessages.noStoredFile)
    const head = new Uint8Array(8)
    const handle = await open(file, 'r')
    try {
      await handle.read(head, 0, 8, 0)
    } finally {
      await handle.close()
    }
    const kind = sniffDocumentKind(head)
    if (!kind) throw notFound(ApprovalMessages.noStoredFile)
    const name = row.fileName ?? `${documentSlug(docType)}.${AGENCY_DOCUMENT_KINDS[kind].extension}`
    const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_')
    return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
      status: 200,
      headers: {
        'content-type': AGENCY_DOCUMENT_KINDS[kind].contentType,
        'content-length': String(info.size),
        'content-disposition': `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      },
    })
  })

  return app
}
