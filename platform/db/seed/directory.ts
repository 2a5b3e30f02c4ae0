// Accounts, users, agency paperwork and links, saved reports and settings of the demo.
import type {
  accounts,
  agencyDocuments,
  delinkRequests,
  linkRequests,
  reportEntities,
  reportSchedules,
  settings,
  users,
} from '../schema'
import { agencyDocumentTypes } from '../schema'
import { brandAccounts, sellerAccounts } from './catalog-data'
import type { Random } from './random'
import { addDays, istDate, istStartOfDay } from '../../rules/time'
import { DEMO_TNC_VERSION, type DemoUser, demoUser, demoUsers } from './users'

const DAY_MS = 86_400_000

export function buildAccounts(now: Date): (typeof accounts.$inferInsert)[] {
  const createdAt = new Date(now.getTime() - 400 * DAY_MS)
  return [
    ...sellerAccounts.map((s) => ({ id: s.id, kind: 'SELLER' as const, name: s.name, createdAt })),
    ...brandAccounts.map((b) => ({ id: b.id, kind: 'BRAND' as const, name: b.name, createdAt })),
  ]
}

const agencyProfiles: Record<string, { address: string; pincode: number }> = {
  'agency@example.com': { address: '4th Floor, Lotus Business Park, Andheri East, Mumbai', pincode: 400001 },
  'agency2@example.com': { address: '221 Residency Road, Ashok Nagar, Bengaluru', pincode: 560001 },
  'agency3@example.com': { address: 'B-14 Connaught Place, New Delhi', pincode: 110001 },
  'agency4@example.com': { address: 'Plot 32, Sector 44, Gurugram', pincode: 122001 },
}

function mobile(rng: Random) {
  return `${rng.int(6, 9)}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`
}

export function buildUsers(
  rng: Random,
  now: Date,
  passwordHashes: Map<string, string>,
): (typeof users.$inferInsert)[] {
  return demoUsers.map((u: DemoUser, i) => {
    const createdAt = new Date(now.getTime() - (200 - i * 5) * DAY_MS)
    const agency = agencyProfiles[u.email]
    const tncAt = u.tncAccepted ? new Date(createdAt.getTime() + 2 * DAY_MS) : null
    return {
      id: u.id,
      name: u.name,
      email: u.email,
      role: u.role,
      accountId: u.accountId,
      accountStatus: u.accountStatus,
      addedBy: u.addedBy,
      profileId: u.role === 'AGENCY' ? `AGY${String(u.id).slice(-4)}` : null,
      primaryContactNumber: agency ? mobile(rng) : null,
      secondaryContactNumber: agency && rng.chance(0.5) ? mobile(rng) : null,
      address: agency?.address ?? null,
      pincode: agency?.pincode ?? null,
      comments: u.comments,
      passwordHash: passwordHashes.get(u.email) ?? null,
      passwordChangedAt: createdAt,
      totpSecret: u.totpSecret,
      twoFactorRegistered: u.totpRegistered,
      totpLastStep: null,
      tncAcceptance: u.tncAccepted,
      tncVersion: u.tncAccepted ? DEMO_TNC_VERSION : null,
      tncAcceptedAt: tncAt,
      tncIpAddress: u.tncAccepted ? `203.0.113.${10 + i}` : null,
      createdAt,
      updatedAt: createdAt,
    }
  })
}

export function buildAgencyDocuments(rng: Random, now: Date): (typeof agencyDocuments.$inferInsert)[] {
  const received: Record<string, number> = {
    'agency@example.com': 7,
    'agency2@example.com': 5,
    'agency3@example.com': 3,
    'agency4@example.com': 2,
  }
  const rows: (typeof agencyDocuments.$inferInsert)[] = []
  for (const [email, got] of Object.entries(received)) {
    const agency = demoUser(email)
    const slug = agency.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')
    const listed = email === 'agency4@example.com' ? 4 : agencyDocumentTypes.length
    agencyDocumentTypes.slice(0, listed).forEach((docType, i) => {
      const isReceived = i < got
      rows.push({
        id: rng.uuid(),
        agencyId: agency.id,
        docType,
        fileName: isReceived ? `${slug}-${docType.toLowerCase().replace(/\s+/g, '-')}.pdf` : null,
        storagePath: null,
        received: isReceived,
        notes:
          email === 'agency4@example.com' && docType === 'GST Doc'
            ? 'Name on GST certificate differs from the registered name'
            : isReceived
              ? null
              : 'Awaiting original',
        createdAt: new Date(now.getTime() - (150 - i) * DAY_MS),
      })
    })
  }
  return rows
}

export function buildLinks(now: Date): {
  linkRows: (typeof linkRequests.$inferInsert)[]
  delinkRows: (typeof delinkRequests.$inferInsert)[]
} {
  const agency = demoUser('agency@example.com')
  const agency2 = demoUser('agency2@example.com')
  const superadmin = demoUser('superadmin@example.com')
  const ago = (days: number, hours = 11) =>
    new Date(now.getTime() - days * DAY_MS + hours * 3_600_000 - 12 * 3_600_000)
  const link = (
    id: number,
    agencyId: number,
    brandId: number,
    status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'DELINKED',
    requestedDaysAgo: number,
    actionedBy: number | null,
  ) => ({
    id,
    agencyId,
    brandId,
    status,
    requestedBy: agencyId,
    requestedAt: ago(requestedDaysAgo),
    actionedBy: status === 'PENDING' ? null : actionedBy,
    actionedAt: status === 'PENDING' ? null : ago(requestedDaysAgo - 1, 15),
  })
  const linkRows = [
    link(1, agency.id, 200001, 'APPROVED', 150, demoUser('brand@example.com').id),
    link(2, agency.id, 200002, 'APPROVED', 140, demoUser('brand2@example.com').id),
    link(3, agency.id, 200005, 'APPROVED', 120, superadmin.id),
    link(4, agency.id, 200008, 'DELINKED', 110, superadmin.id),
    link(5, agency.id, 200004, 'REJECTED', 90, demoUser('brand4@example.com').id),
    link(6, agency.id, 200006, 'PENDING', 4, null),
    link(7, agency2.id, 200001, 'PENDING', 2, null),
  ]
  const delinkRows: (typeof delinkRequests.$inferInsert)[] = [
    {
      id: 1,
      linkRequestId: 4,
      agencyId: agency.id,
      brandId: 200008,
      reason: 'Brand moved its advertising in house',
      status: 'APPROVED',
      requestedBy: agency.id,
      requestedAt: ago(40),
      actionedBy: superadmin.id,
      actionedAt: ago(38, 16),
    },
    {
      id: 2,
      linkRequestId: 3,
      agencyId: agency.id,
      brandId: 200005,
      reason: 'Contract period ends this quarter',
      status: 'PENDING',
      requestedBy: agency.id,
      requestedAt: ago(3),
      actionedBy: null,
      actionedAt: null,
    },
  ]
  return { linkRows, delinkRows }
}

const dimensions = [
  'campaign_id',
  'campaign_name',
  'date',
  'ad_group_name',
  'keyword',
  'product_id',
  'targeting_type',
]
const metrics = [
  'impressions',
  'clicks',
  'ctr',
  'cpc',
  'ad_spend',
  'orders',
  'sales',
  'roas',
  'conversion_rate',
  'add_to_cart',
  'pdp_count',
  'viewable_impressions',
]
const disabledMetrics = new Set(['add_to_cart', 'pdp_count', 'viewable_impressions'])

export function buildReports(
  rng: Random,
  now: Date,
  campaignIdsByAdvertiser: Map<number, number[]>,
): {
  entityRows: (typeof reportEntities.$inferInsert)[]
  scheduleRows: (typeof reportSchedules.$inferInsert)[]
} {
  const today = istDate(now)
  const seller = demoUser('seller@example.com')
  const agency = demoUser('agency@example.com')
  const specs = [
    {
      owner: seller,
      sellerId: 100001,
      type: 'CAMPAIGN_PERFORMANCE_REPORT',
      name: 'Weekly campaign summary',
      filter: 'LAST_7D',
      frequency: 'WEEKLY',
      dims: ['campaign_id', 'campaign_name', 'date'],
    },
    {
      owner: seller,
      sellerId: 100001,
      type: 'KEYWORD_PERFORMANCE_REPORT',
      name: 'Keyword review last month',
      filter: 'LAST_30D',
      frequency: null,
      dims: ['campaign_id', 'keyword', 'ad_group_name'],
    },
    {
      owner: seller,
      sellerId: 100001,
      type: 'PRODUCT_PERFORMANCE_REPORT',
      name: 'Daily product sales',
      filter: 'LAST_1D',
      frequency: 'DAILY',
      dims: ['campaign_id', 'product_id', 'date'],
    },
    {
      owner: agency,
      sellerId: 200001,
      type: 'CAMPAIGN_PERFORMANCE_REPORT',
      name: 'Voltix monthly performance',
      filter: 'CURRENT_MONTH',
      frequency: 'MONTHLY',
      dims: ['campaign_id', 'campaign_name', 'targeting_type'],
    },
    {
      owner: agency,
      sellerId: 200001,
      type: 'KEYWORD_PERFORMANCE_REPORT',
      name: 'Voltix keyword deep dive',
      filter: 'CUSTOM',
      frequency: 'ONCE',
      dims: ['campaign_id', 'keyword', 'date'],
    },
    {
      owner: agency,
      sellerId: 200002,
      type: 'CAMPAIGN_PERFORMANCE_REPORT',
      name: 'Urban Loom weekly',
      filter: 'LAST_7D',
      frequency: 'WEEKLY',
      dims: ['campaign_id', 'campaign_name', 'date'],
    },
  ] as const
  const entityRows: (typeof reportEntities.$inferInsert)[] = []
  const scheduleRows: (typeof reportSchedules.$inferInsert)[] = []
  specs.forEach((s, i) => {
    const reportEntityId = rng.uuid()
    const createdAt = new Date(now.getTime() - (30 - i * 3) * DAY_MS)
    const campaignIds = (campaignIdsByAdvertiser.get(s.sellerId) ?? []).slice(0, 5).map(String)
    const dateFilter =
      s.filter === 'CUSTOM'
        ? { fromDate: addDays(today, -21), toDate: addDays(today, -1), dateFilterType: 'CUSTOM' }
        : { fromDate: null, toDate: null, dateFilterType: s.filter }
    entityRows.push({
      reportEntityId,
      reportType: s.type,
      isDefault: false,
      ownerUserId: s.owner.id,
      ownerRole: s.owner.role,
      sellerId: s.sellerId,
      reportName: s.name,
      gcpReportNamePrefix: `reports/${s.sellerId}/${reportEntityId}`,
      isSaved: true,
      dateFilter,
      dimensionFields: Object.fromEntries(
        dimensions.map((d) => [d, (s.dims as readonly string[]).includes(d)]),
      ),
      metricFields: Object.fromEntries(
        metrics.map((m) => [m, !disabledMetrics.has(m) && (i % 2 === 0 || m !== 'cpc')]),
      ),
      filters: { CAMPAIGN_ID: campaignIds, CAMPAIGN_STATUS: null, TARGETING_TYPE: null },
      createdAt,
      updatedAt: createdAt,
    })
    if (s.frequency) {
      const startDate = addDays(istDate(createdAt), 1)
      scheduleRows.push({
        reportEntityId,
        frequency: s.frequency,
        startDate,
        endDate: s.frequency === 'ONCE' ? startDate : addDays(today, 90),
        emailIds: [s.owner.email, i % 2 === 0 ? 'finance@example.com' : 'reports@example.com'],
        nextRunAt:
          s.frequency === 'ONCE'
            ? null
            : new Date(istStartOfDay(addDays(today, 1)).getTime() + 6 * 3_600_000),
        lastRunAt: new Date(istStartOfDay(today).getTime() + 6 * 3_600_000 - DAY_MS),
      })
    }
  })
  return { entityRows, scheduleRows }
}

export function buildSettings(now: Date): (typeof settings.$inferInsert)[] {
  return [
    { key: 'phraseMatchEnabled', value: true, updatedAt: now },
    { key: 'pdpTargetingEnabled', value: true, updatedAt: now },
    { key: 'tncVersion', value: DEMO_TNC_VERSION, updatedAt: now },
  ]
}
