// Looking users up for sign-in.
import { eq, sql } from 'drizzle-orm'
import type { Tx } from '../db/client'
import { settings, users } from '../db/schema'
import { actsForItself } from '../rules/roles'

export type UserRow = typeof users.$inferSelect

/** Only these account states may sign in (spec accounts §4). */
export const canSignIn = (status: UserRow['accountStatus']) =>
  status === 'APPROVED' || status === 'REACTIVATED'

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const [user] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return user ?? null
}

export async function findUserById(tx: Tx, id: number): Promise<UserRow | null> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1)
  return user ?? null
}

/** SELLER and BRAND work as their own account; the others choose one later. */
export const sellerIdOf = (user: Pick<UserRow, 'role' | 'accountId'>) =>
  actsForItself(user.role) ? user.accountId : null

/** The terms version in force (settings 'tncVersion'), or null when none is set. */
export async function currentTncVersion(tx: Tx): Promise<string | null> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'tncVersion'))
  return typeof row?.value === 'string' ? row.value : null
}
