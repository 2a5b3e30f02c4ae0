// POST /v1/onBoardUsers and the invitation (set a password, enrol the authenticator) — issue 11,
// spec accounts §2 "Onboarding form", §3 payload, §5 rules, §6 who may onboard whom; decision 033.
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import QRCode from 'qrcode'
import { audit } from '../audit'
import { AuthMessages } from '../contracts/auth-messages'
import {
  agencyResubmitSchema,
  type InvitationDone,
  type InvitationInfo,
  type InvitationTotp,
  invitationPasswordSchema,
  invitationResendSchema,
  invitationTotpSchema,
  type OnboardedUser,
  onboardRequestSchema,
  type OnboardResponse,
} from '../contracts/onboarding'
import type { Tx } from '../db/client'
import { accounts, oneTimeCodes, pincodes, users } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { badRequest, DomainError, forbidden, notFound } from '../errors'
import { type Env, ok } from '../http'
import { log } from '../log'
import {
  INVITATION_SUBJECT,
  INVITATION_TTL_HOURS,
  initialAccountStatus,
  MAY_NOT_ONBOARD_ROLE,
  mayOnboard,
  ONBOARDING_ROLE_OPTIONS,
  OnboardingMessages,
  phoneDigits,
  storedPhone,
} from '../rules/onboarding'
import { ADMIN_ROLES, type Role } from '../rules/roles'
import { requireAuth } from './authorize'
import { passwordProblem } from './password-reset'
import { hashPassword } from './password'
import { assertNotLimited, hitRateLimit, type RateRule, RateRules } from './rate-limit'
import { actorOf, clientIp, normalizeEmail } from './request'
import { TOTP_ISSUER } from './two-factor'
import { generateTotpSecret, totpUri, verifyTotp } from './totp'
import { canSignIn, findUserByEmail, type UserRow } from './users'

const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 60 * 60 * 1000
/** 32 random bytes, base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/** Refused invitation tokens from one IP address (guessing is hopeless; this keeps it quiet). */
const invitationIpRule: RateRule = { name: 'invite:ip', limit: 30, windowMs: 15 * 60 * 1000 }

/** The token is 256 random bits: a plain SHA-256 stores it safely (ASVS 5.0 6.5.2 needs no slow hash). */
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex')

const roleLabel = (role: Role) => ONBOARDING_ROLE_OPTIONS.find((o) => o.value === role)?.label ?? role

/** A new invitation for a user: every older live one stops working. Returns the plain token (for the mail). */
export async function issueInvitation(tx: Tx, user: { id: number; email: string }, now: Date) {
  const token = randomBytes(32).toString('base64url')
  await tx
    .update(oneTimeCodes)
    .set({ expiresAt: now })
    .where(
      and(
        eq(oneTimeCodes.userId, user.id),
        eq(oneTimeCodes.purpose, 'INVITATION'),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS)
  await tx.insert(oneTimeCodes).values({
    userId: user.id,
    email: user.email.toLowerCase(),
    purpose: 'INVITATION',
    codeHash: hashInvitationToken(token),
    createdAt: now,
    expiresAt,
  })
  return { token, expiresAt }
}

export function invitationMail(
  deps: PlatformDeps,
  user: { name: string; email: string; role: Role },
  token: string,
) {
  const link = `${deps.consoleUrl}/invitation?token=${token}`
  const pending =
    user.role === 'AGENCY'
      ? '\n\nYour agency account is reviewed before it can sign in: you will get an e-mail once it is approved.'
      : ''
  return {
    to: user.email,
    subject: INVITATION_SUBJECT,
    text:
      `Hello ${user.name},\n\n` +
      `You have been given an Ad Console account (${roleLabel(user.role)}). ` +
      'Open this link to set your password and your authenticator app:\n\n' +
      `${link}\n\n` +
      `The link works once and expires in ${INVITATION_TTL_HOURS} hours.${pending}`,
  }
}

/** The live invitation behind a token, with its user; null for anything else (one answer for all). */
async function findInvitation(tx: Tx, token: string, now: Date) {
  if (!TOKEN_PATTERN.test(token)) return null
  const [row] = await tx
    .select({ code: oneTimeCodes, user: users })
    .from(oneTimeCodes)
    .innerJoin(users, eq(users.id, oneTimeCodes.userId))
    .where(
      and(
        eq(oneTimeCodes.purpose, 'INVITATION'),
        eq(oneTimeCodes.codeHash, hashInvitationToken(token)),
        isNull(oneTimeCodes.consumedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .limit(1)
  if (!row) return null
  // A revoked or rejected user's invitation is dead, whatever its date.
  if (!canSignIn(row.user.accountStatus) && row.user.accountStatus !== 'PENDING') return null
  return row
}

/** The password of this invitation was set (after the invitation was issued). */
const passwordSetFor = (user: UserRow, issuedAt: Date) =>
  Boolean(
    user.passwordHash && user.totpSecret && user.passwordChangedAt && user.passwordChangedAt >= issuedAt,
  )

async function enrolmentOf(user: UserRow): Promise<InvitationTotp> {
  const secret = user.totpSecret ?? ''
  const otpauthUri = totpUri({ secret, accountName: user.email, issuer: TOTP_ISSUER })
  return {
    otpauthUri,
    secret,
    qrCode: await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
  }
}

/** The live invitation or 400 (counted against the caller's IP, refused once over the limit). */
async function requireInvitation(c: Context<Env>, deps: PlatformDeps, token: string) {
  const db = deps.database.db
  const now = deps.now()
  const ip = clientIp(c)
  await assertNotLimited(db, [[invitationIpRule, ip]], now)
  const found = await findInvitation(db, token, now)
  if (!found) {
    await hitRateLimit(db, invitationIpRule, ip, now)
    throw badRequest(OnboardingMessages.invitationInvalid)
  }
  return found
}

/** Postgres unique violation (a user with this e-mail was added meanwhile). */
const isUniqueViolation = (error: unknown) => {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = current.cause
  }
  return false
}

const duplicate = (field: string) =>
  new DomainError(409, 'DUPLICATE_EMAIL', OnboardingMessages.duplicateEmail, {
    [field]: [OnboardingMessages.duplicateEmail],
  })

async function assertPincodeExists(tx: Tx, pincode: string, field: string) {
  const [row] = await tx
    .select()
    .from(pincodes)
    .where(eq(pincodes.pincode, Number(pincode)))
    .limit(1)
  if (!row)
    throw badRequest(OnboardingMessages.pincodeInvalid, { [field]: [OnboardingMessages.pincodeInvalid] })
}

/** The {email} of a path: text like any other (control characters, length) → 400 before any query. */
function emailParam(c: Context<Env>) {
  const parsed = invitationResendSchema.safeParse({ email: c.req.param('email') ?? '' })
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? OnboardingMessages.emailInvalid)
  return normalizeEmail(parsed.data.email)
}

export function onboardingRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec: POST /v1/onBoardUsers {sendMail, users[]}: all users or none (one transaction).
  app.post('/v1/onBoardUsers', requireAuth({ roles: ADMIN_ROLES }), async (c) => {
    const auth = c.get('auth')
    const body = onboardRequestSchema.parse(await c.req.json())
    for (const user of body.users) {
      if (!mayOnboard(auth.user.role, user.role)) throw forbidden(MAY_NOT_ONBOARD_ROLE)
    }
    const seen = new Set<string>()
    body.users.forEach((user, i) => {
      const email = normalizeEmail(user.email)
      if (seen.has(email)) throw duplicate(`users.${i}.email`)
      seen.add(email)
    })
    const now = deps.now()
    const requestId = c.get('requestId')
    let created: { user: OnboardedUser; token: string | null }[]
    try {
      created = await deps.database.db.transaction(async (tx) => {
        const out: { user: OnboardedUser; token: string | null }[] = []
        for (const [i, input] of body.users.entries()) {
          const email = input.email.trim()
          if (await findUserByEmail(tx, email)) throw duplicate(`users.${i}.email`)
          let accountId: number | null = null
          if (input.role === 'SELLER' || input.role === 'BRAND') {
            const kind = input.role === 'SELLER' ? 'Seller' : 'Brand'
            accountId = Number(input.userId)
            const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).limit(1)
            if (!account || account.kind !== input.role) {
              const message = `${kind} ${input.userId} is not a marketplace ${kind.toLowerCase()} account`
              throw badRequest(message, { [`users.${i}.userId`]: [message] })
            }
            const [taken] = await tx
              .select({ id: users.id })
              .from(users)
              .where(eq(users.id, accountId))
              .limit(1)
            const [linked] = await tx
              .select({ id: users.id })
              .from(users)
              .where(eq(users.accountId, accountId))
              .limit(1)
            if (taken || linked) {
              const message = `${kind} ${input.userId} already has a console user`
              throw new DomainError(409, 'ACCOUNT_HAS_USER', message, { [`users.${i}.userId`]: [message] })
            }
          }
          if (input.role === 'AGENCY')
            await assertPincodeExists(tx, input.pincode ?? '', `users.${i}.pincode`)
          const agency = input.role === 'AGENCY'
          const [row] = await tx
            .insert(users)
            .values({
              ...(accountId !== null ? { id: accountId } : {}),
              name: input.name.trim(),
              email,
              role: input.role,
              accountId,
              accountStatus: initialAccountStatus(input.role),
              addedBy: auth.user.email,
              primaryContactNumber:
                agency && input.primaryContactNumber ? storedPhone(input.primaryContactNumber) : null,
              secondaryContactNumber:
                agency && input.secondaryContactNumber ? storedPhone(input.secondaryContactNumber) : null,
              address: agency ? (input.address ?? null) : null,
              pincode: agency ? Number(input.pincode) : null,
              createdAt: now,
              updatedAt: now,
            })
            .returning()
          if (!row) throw new Error('user insert returned nothing')
          if (row.role === 'AGENCY') {
            await tx
              .update(users)
              .set({ profileId: `AGY${String(row.id).slice(-4)}` })
              .where(eq(users.id, row.id))
          }
          const invitation = body.sendMail ? await issueInvitation(tx, row, now) : null
          await audit(tx, {
            action: 'USER_ONBOARDED',
            entityType: 'user',
            entityId: row.id,
            after: {
              email: row.email,
              role: row.role,
              accountStatus: row.accountStatus,
              accountId: row.accountId,
              addedBy: row.addedBy,
              invitationExpiresAt: invitation?.expiresAt.toISOString() ?? null,
            },
            actor: actorOf(c, auth.user),
            requestId,
            at: now,
          })
          out.push({
            user: {
              id: row.id,
              name: row.name,
              email: row.email,
              role: row.role,
              accountStatus: row.accountStatus as 'APPROVED' | 'PENDING',
              invited: Boolean(invitation),
            },
            token: invitation?.token ?? null,
          })
        }
        return out
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate('users.0.email')
      throw error
    }
    for (const { user, token } of created) {
      if (!token) continue
      try {
        await deps.mailer.send(invitationMail(deps, user, token))
      } catch (error) {
        user.invited = false
        log.error('invitation mail failed', { userId: user.id, error: (error as Error).message })
      }
    }
    const data: OnboardResponse = { users: created.map((x) => x.user) }
    const names = data.users.map((u) => u.name).join(', ')
    return ok(c, data, `${names} onboarded`)
  })

  // Edit mode (spec §6 "OPS sees the onboarding-style edit for a rejected agency"): the form's values.
  app.get('/v1/onBoardUsers/:email', requireAuth({ roles: ADMIN_ROLES }), async (c) => {
    const user = await findUserByEmail(deps.database.db, emailParam(c))
    if (!user) throw notFound('User')
    return ok(c, {
      name: user.name,
      email: user.email,
      role: user.role,
      accountStatus: user.accountStatus,
      primaryContactNumber: phoneDigits(user.primaryContactNumber),
      secondaryContactNumber: phoneDigits(user.secondaryContactNumber),
      address: user.address ?? '',
      pincode: user.pincode === null ? '' : String(user.pincode),
      comments: user.comments,
    })
  })

  // Edit mode's submit: a rejected agency's corrected details, sent for approval again (PENDING).
  app.put('/v1/onBoardUsers/:email', requireAuth({ roles: ADMIN_ROLES }), async (c) => {
    const auth = c.get('auth')
    const body = agencyResubmitSchema.parse(await c.req.json())
    const now = deps.now()
    const email = emailParam(c)
    const updated = await deps.database.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email)
      if (!user) throw notFound('User')
      if (user.role !== 'AGENCY' || user.accountStatus !== 'REJECTED')
        throw badRequest(OnboardingMessages.notRejectedAgency)
      await assertPincodeExists(tx, body.pincode ?? '', 'pincode')
      const before = {
        name: user.name,
        primaryContactNumber: user.primaryContactNumber,
        secondaryContactNumber: user.secondaryContactNumber,
        address: user.address,
        pincode: user.pincode,
        accountStatus: user.accountStatus,
      }
      const after = {
        name: body.name.trim(),
        primaryContactNumber: storedPhone(body.primaryContactNumber ?? ''),
        secondaryContactNumber: body.secondaryContactNumber ? storedPhone(body.secondaryContactNumber) : null,
        address: body.address ?? null,
        pincode: Number(body.pincode),
        accountStatus: 'PENDING' as const,
      }
      await tx
        .update(users)
        .set({ ...after, updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.accountStatus, 'REJECTED')))
      await audit(tx, {
        action: 'USER_RESUBMITTED',
        entityType: 'user',
        entityId: user.id,
        before,
        after,
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      return { name: after.name, email: user.email, accountStatus: after.accountStatus }
    })
    return ok(c, updated, `${updated.name} was sent for approval again`)
  })

  // A new invitation (the old one stops working), for a user who has not finished setting up.
  app.post('/v1/invitation/resend', requireAuth({ roles: ADMIN_ROLES }), async (c) => {
    const auth = c.get('auth')
    const { email } = invitationResendSchema.parse(await c.req.json())
    const now = deps.now()
    const result = await deps.database.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, normalizeEmail(email))
      if (!user) throw notFound('User')
      if (!mayOnboard(auth.user.role, user.role)) throw forbidden(MAY_NOT_ONBOARD_ROLE)
      if (user.twoFactorRegistered) throw badRequest('This user has already set up the account')
      if (!canSignIn(user.accountStatus) && user.accountStatus !== 'PENDING')
        throw badRequest('This account cannot be invited')
      const invitation = await issueInvitation(tx, user, now)
      await audit(tx, {
        action: 'INVITATION_SENT',
        entityType: 'user',
        entityId: user.id,
        after: { expiresAt: invitation.expiresAt.toISOString() },
        actor: actorOf(c, auth.user),
        requestId: c.get('requestId'),
        at: now,
      })
      return { user, token: invitation.token }
    })
    await deps.mailer.send(invitationMail(deps, result.user, result.token))
    return ok(c, null, `A new invitation was sent to ${result.user.email}`)
  })

  // Who the invitation is for, and (once the password is set) the authenticator enrolment.
  app.get('/v1/invitation', async (c) => {
    const { code, user } = await requireInvitation(c, deps, c.req.query('token') ?? '')
    const passwordSet = passwordSetFor(user, code.createdAt)
    const data: InvitationInfo & { enrolment: InvitationTotp | null } = {
      name: user.name,
      email: user.email,
      role: user.role,
      accountStatus: user.accountStatus,
      passwordSet,
      enrolment: passwordSet ? await enrolmentOf(user) : null,
    }
    return ok(c, data)
  })

  // Step 1: the password (same rules and messages as the password reset); answers the QR code.
  app.post('/v1/invitation/password', async (c) => {
    const body = invitationPasswordSchema.parse(await c.req.json())
    const { user, code } = await requireInvitation(c, deps, body.token)
    if (body.password !== body.confirmPassword)
      throw badRequest(AuthMessages.passwordMismatch, { confirmPassword: [AuthMessages.passwordMismatch] })
    const problem = passwordProblem(body.password)
    if (problem) throw badRequest(problem, { password: [problem] })
    const now = deps.now()
    const passwordHash = await hashPassword(body.password)
    const updated = await deps.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          passwordHash,
          passwordChangedAt: now < code.createdAt ? code.createdAt : now,
          totpSecret: generateTotpSecret(),
          totpLastStep: null,
          twoFactorRegistered: false,
          failedLoginCount: 0,
          lockedUntil: null,
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning()
      await audit(tx, {
        action: 'INVITATION_PASSWORD_SET',
        entityType: 'user',
        entityId: user.id,
        after: { invitationId: code.id },
        actor: actorOf(c, user),
        requestId: c.get('requestId'),
        at: now,
      })
      return row
    })
    if (!updated) throw new Error('user update returned nothing')
    return ok(c, await enrolmentOf(updated), 'Password set')
  })

  // Step 2: the first authenticator code enrols two-factor and uses the invitation up.
  app.post('/v1/invitation/totp', async (c) => {
    const body = invitationTotpSchema.parse(await c.req.json())
    const totp = body.totp.replace(/\s/g, '')
    const { user, code } = await requireInvitation(c, deps, body.token)
    if (!/^\d{6}$/.test(totp))
      throw badRequest(AuthMessages.enterValidOtp, { totp: [AuthMessages.enterValidOtp] })
    if (!passwordSetFor(user, code.createdAt) || !user.totpSecret) throw badRequest('Set your password first')
    const db = deps.database.db
    const now = deps.now()
    await assertNotLimited(
      db,
      [
        [RateRules.totpAccount, user.id],
        [RateRules.totpAccountDaily, user.id],
      ],
      now,
    )
    const check = verifyTotp({ secret: user.totpSecret, code: totp, lastStep: user.totpLastStep, at: now })
    const done = await db.transaction(async (tx) => {
      if (!check.ok) {
        await hitRateLimit(tx, RateRules.totpAccount, user.id, now)
        await hitRateLimit(tx, RateRules.totpAccountDaily, user.id, now)
        await audit(tx, {
          action: 'TWO_FACTOR_FAILURE',
          entityType: 'user',
          entityId: user.id,
          after: { reason: 'WRONG_CODE', enrolled: false, via: 'INVITATION' },
          actor: actorOf(c, user),
          requestId: c.get('requestId'),
          at: now,
        })
        return false
      }
      const [used] = await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCodes.id, code.id), isNull(oneTimeCodes.consumedAt)))
        .returning({ id: oneTimeCodes.id })
      if (!used) throw badRequest(OnboardingMessages.invitationInvalid)
      await tx
        .update(users)
        .set({ twoFactorRegistered: true, totpLastStep: check.step, updatedAt: now })
        .where(eq(users.id, user.id))
      await audit(tx, {
        action: 'INVITATION_ACCEPTED',
        entityType: 'user',
        entityId: user.id,
        before: { twoFactorRegistered: false },
        after: { twoFactorRegistered: true, invitationId: code.id },
        actor: actorOf(c, user),
        requestId: c.get('requestId'),
        at: now,
      })
      return true
    })
    if (!done) throw badRequest(OnboardingMessages.otpFailed, { totp: [OnboardingMessages.otpFailed] })
    const data: InvitationDone = {
      email: user.email,
      accountStatus: user.accountStatus,
      canSignIn: canSignIn(user.accountStatus),
    }
    return ok(c, data, 'Your account is set up')
  })

  return app
}
