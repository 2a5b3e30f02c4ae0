// The audit log: every change records who, when, which entity, and its state before and after.
import type { Tx } from './db/client'
import { auditLog } from './db/schema'

export type AuditEntry = {
  action: string
  entityType: string
  entityId?: string | number | null
  before?: unknown
  after?: unknown
  actor?: { userId: number | null; role?: string | null; ip?: string | null } | null
  requestId?: string | null
  at?: Date
}

export async function audit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    at: entry.at ?? new Date(),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    actorUserId: entry.actor?.userId ?? null,
    actorRole: entry.actor?.role ?? null,
    actorIp: entry.actor?.ip ?? null,
    requestId: entry.requestId ?? null,
  })
}
