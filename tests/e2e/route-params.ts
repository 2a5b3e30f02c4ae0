// Values for the route table's `:parameters` when a spec walks every entry (route-table, a11y, layout):
// seeded rows that no test changes, chosen so each page shows itself (a dialog that applies to its row).
import { type RouteEntry, type RouteId, pathOf } from '../../app/route-table'
import { demoUser } from './fixtures'

/** Seeded rows (platform/db/seed/users.ts, directory.ts). */
const APPROVED_SELLER = 'seller2@example.com'
const REVOKED_USER = 'brand4@example.com'
/** An admin whose access may change (REACTIVATED OPS). */
const OTHER_ADMIN = 'ops2@example.com'
const REJECTED_AGENCY = 'agency4@example.com'
const LINKED_AGENCY = 'agency@example.com'
/** agency3: PENDING, with some documents received. */
const PENDING_AGENCY = 'agency3@example.com'
/** link_requests 7: agency2 asks brand 200001 (brand@example.com), PENDING. */
const PENDING_LINK_REQUEST = 7
/** delink_requests 2: agency ↔ brand 200005, PENDING. */
const PENDING_DELINK_REQUEST = 2
/**
 * A saved report id (issue 12). No saved report is seeded, so the view and its dialogs answer 404 inside
 * the shell for this well-formed id; a seeded report per walking account would make them show themselves.
 */
const SAMPLE_REPORT_ID = '00000000-0000-4000-8000-000000000000'

const ENTRY_PARAMS: Partial<Record<RouteId, Record<string, string | number>>> = {
  adminUserEdit: { email: REJECTED_AGENCY },
  adminUserBrands: { email: LINKED_AGENCY },
  adminUserReactivate: { email: REVOKED_USER },
  adminUserAccess: { email: OTHER_ADMIN },
}

/** The parameters an entry's path needs: the campaign `id` given, the seeded rows above for the rest. */
export function sampleParams(entry: RouteEntry, campaignId: number): Record<string, string | number> {
  return {
    id: campaignId,
    email: APPROVED_SELLER,
    userType: 'AGENCY',
    userId: demoUser(PENDING_AGENCY).id,
    docType: 'IO Doc',
    requestId: entry.path.startsWith('/admin/') ? PENDING_DELINK_REQUEST : PENDING_LINK_REQUEST,
    reportId: SAMPLE_REPORT_ID,
    report: 'credit-limits',
    ...ENTRY_PARAMS[entry.id as RouteId],
  }
}

/** A concrete URL for an entry, parameters from sampleParams. */
export const samplePath = (entry: RouteEntry, campaignId: number) =>
  pathOf(entry, sampleParams(entry, campaignId))
