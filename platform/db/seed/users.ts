// The demo users: one approved, fully enrolled user per role, plus more of each role in the other
// account states. Their password is DEMO_PASSWORD; their TOTP secrets are derived from the e-mail
// with a fixed key, so they are the same on every machine and can be typed into an authenticator.
import { createHmac } from 'node:crypto'
import { base32Encode } from '../../auth/totp'

/** The one password every demo user has. For demos and tests only; never used in production. */
export const DEMO_PASSWORD = 'Demo@Console2026'

/** Current terms-and-conditions version (also written to settings.tncVersion). */
export const DEMO_TNC_VERSION = '2026-01'

const TOTP_DERIVATION_KEY = 'ad-console demo TOTP secrets v1'

/** Deterministic 160-bit base32 TOTP secret of a demo e-mail. */
export function demoTotpSecret(email: string): string {
  return base32Encode(createHmac('sha1', TOTP_DERIVATION_KEY).update(email.toLowerCase()).digest())
}

export type Role = 'SUPERADMIN' | 'OPS' | 'AGENCY' | 'BRAND' | 'SELLER'
export type AccountStatus = 'APPROVED' | 'REJECTED' | 'PENDING' | 'REVOKED' | 'REACTIVATED'

export interface DemoUser {
  /** users.id: staff and agencies from the user id sequence; sellers and brands their account id. */
  id: number
  email: string
  name: string
  role: Role
  /** For SELLER and BRAND: the marketplace account (same as id). */
  accountId: number | null
  accountStatus: AccountStatus
  /** Two-factor enrolment completed. */
  totpRegistered: boolean
  /** Base32 TOTP secret; null when the user has not enrolled yet (the server creates one at first sign-in). */
  totpSecret: string | null
  tncAccepted: boolean
  addedBy: string | null
  comments: string | null
}

/** First id of user_id_seq (schema: startWith 9_000_001). */
export const FIRST_STAFF_USER_ID = 9_000_001

interface Spec {
  email: string
  name: string
  role: Role
  accountId?: number
  status: AccountStatus
  enrolled: boolean
  tnc: boolean
  addedBy: string | null
  comments?: string
}

const specs: Spec[] = [
  // Staff and agencies, in user-id order.
  {
    email: 'superadmin@example.com',
    name: 'Priya Raman',
    role: 'SUPERADMIN',
    status: 'APPROVED',
    enrolled: true,
    tnc: true,
    addedBy: null,
  },
  {
    email: 'ops@example.com',
    name: 'Rohit Verma',
    role: 'OPS',
    status: 'APPROVED',
    enrolled: true,
    tnc: true,
    addedBy: 'superadmin@example.com',
  },
  {
    email: 'agency@example.com',
    name: 'Kalpana Digital Media',
    role: 'AGENCY',
    status: 'APPROVED',
    enrolled: true,
    tnc: true,
    addedBy: 'ops@example.com',
  },
  {
    email: 'superadmin2@example.com',
    name: 'Vikram Iyer',
    role: 'SUPERADMIN',
    status: 'REVOKED',
    enrolled: true,
    tnc: true,
    addedBy: 'superadmin@example.com',
    comments: 'Moved to another team',
  },
  {
    email: 'ops2@example.com',
    name: 'Sneha Kulkarni',
    role: 'OPS',
    status: 'REACTIVATED',
    enrolled: true,
    tnc: true,
    addedBy: 'superadmin@example.com',
    comments: 'Back from leave',
  },
  {
    email: 'agency2@example.com',
    name: 'Tarkash Ad Labs',
    role: 'AGENCY',
    status: 'APPROVED',
    enrolled: true,
    tnc: false,
    addedBy: 'ops@example.com',
  },
  {
    email: 'agency3@example.com',
    name: 'Sankalp Brand Works',
    role: 'AGENCY',
    status: 'PENDING',
    enrolled: false,
    tnc: false,
    addedBy: 'ops@example.com',
  },
  {
    email: 'agency4@example.com',
    name: 'Quickreach Marketing',
    role: 'AGENCY',
    status: 'REJECTED',
    enrolled: false,
    tnc: false,
    addedBy: 'ops2@example.com',
    comments: 'GST document does not match the registered name',
  },
  // Brands (id = account id).
  {
    email: 'brand@example.com',
    name: 'Voltix',
    role: 'BRAND',
    accountId: 200001,
    status: 'APPROVED',
    enrolled: true,
    tnc: true,
    addedBy: 'ops@example.com',
  },
  {
    email: 'brand2@example.com',
    name: 'Urban Loom',
    role: 'BRAND',
    accountId: 200002,
    status: 'APPROVED',
    enrolled: true,
    tnc: true,
    addedBy: 'ops@example.com',
  },
  {
    email: 'brand3@example.com',
    name: 'Desi Crunch',
    role: 'BRAND',
    accountId: 200003,
    status: 'PENDING',
    enrolled: false,
    tnc: false,
    addedBy: 'ops2@example.com',
  },
  {
    email: 'brand4@example.com',
    name: 'Nimbu Naturals',
    role: 'BRAND',
    accountId: 200004,
    status: 'REVOKED',
    enrolled: true,
    tnc: true,
    addedBy: 'ops@example.com',
    comments: 'Contract ended',
  },
  // Sellers (id = account id).
  {
    email: 'seller@example.com',
    name: 'Sharma Retail Mart',
    role: 'SELLER',
    accountId: 100001,
    status: 'APPROVED',
    enrolled: true,
    tnc: true,
    addedBy: 'ops@example.com',
  },
  {
    email: 'seller2@example.com',
    name: 'Shree Ganesh Traders',
    role: 'SELLER',
    accountId: 100002,
    status: 'APPROVED',
    enrolled: true,
    tnc: true,
    addedBy: 'ops@example.com',
  },
  {
    email: 'seller3@example.com',
    name: 'Lakshmi Textiles',
    role: 'SELLER',
    accountId: 100003,
    status: 'REACTIVATED',
    enrolled: true,
    tnc: true,
    addedBy: 'ops@example.com',
    comments: 'Dues cleared',
  },
  {
    email: 'seller4@example.com',
    name: 'Annapurna Home Needs',
    role: 'SELLER',
    accountId: 100004,
    status: 'PENDING',
    enrolled: false,
    tnc: false,
    addedBy: 'ops2@example.com',
  },
  {
    email: 'seller5@example.com',
    name: 'Patel Kirana Stores',
    role: 'SELLER',
    accountId: 100005,
    status: 'REJECTED',
    enrolled: false,
    tnc: false,
    addedBy: 'ops@example.com',
    comments: 'Seller id belongs to another business',
  },
  {
    email: 'newseller@example.com',
    name: 'Meenakshi Fashions',
    role: 'SELLER',
    accountId: 100006,
    status: 'APPROVED',
    enrolled: false,
    tnc: false,
    addedBy: 'ops@example.com',
  },
  {
    email: 'seller-nocredit@example.com',
    name: 'Gupta Book Depot',
    role: 'SELLER',
    accountId: 100007,
    status: 'APPROVED',
    enrolled: true,
    tnc: true,
    addedBy: 'ops@example.com',
  },
]

let nextStaffId = FIRST_STAFF_USER_ID

export const demoUsers: readonly DemoUser[] = specs.map((s) => ({
  id: s.accountId ?? nextStaffId++,
  email: s.email,
  name: s.name,
  role: s.role,
  accountId: s.accountId ?? null,
  accountStatus: s.status,
  totpRegistered: s.enrolled,
  totpSecret: s.enrolled ? demoTotpSecret(s.email) : null,
  tncAccepted: s.tnc,
  addedBy: s.addedBy,
  comments: s.comments ?? null,
}))

export function demoUser(email: string): DemoUser {
  const user = demoUsers.find((u) => u.email === email.toLowerCase())
  if (!user) throw new Error(`No demo user ${email}`)
  return user
}
