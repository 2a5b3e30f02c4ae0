// The campaign list's CSV download (spec campaigns §2 "Download Table", §7; format in
// docs/decisions/011): the list's filters and order, every row, one statement however many campaigns.
import { Hono } from 'hono'
import { assertMayActFor } from '../auth/authorize'
import { CAMPAIGN_CSV_HEADER, campaignFilterQuerySchema } from '../contracts/inventory'
import { type CsvCell, toCsv } from '../csv'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'
import { campaignStateLabel, iconStateTitle } from '../rules/campaigns'
import { formatIstDateTime, formatRupees } from '../rules/format'
import { type ListedCampaign, listCampaigns } from './campaign-list'

/** The status cell: the state label, and for the icon states 8/9 their hover title in brackets. */
export function statusText(state: number | null, status: number): string {
  const title = iconStateTitle(state, status)
  return title ? `${campaignStateLabel(state)} (${title})` : campaignStateLabel(state)
}

/** A list row as the download writes it: plain name, IST date-times, rupees with two decimals. */
export const campaignCsvRow = (row: ListedCampaign): CsvCell[] => [
  statusText(row.state, row.status),
  row.name,
  row.jmcampaignId,
  row.campaignClass,
  row.campaignCreatedBy ?? '',
  formatIstDateTime(row.startTime),
  row.expireTime ? formatIstDateTime(row.expireTime) : 'Lifetime',
  formatRupees(row.budget),
  formatRupees(row.spend),
  row.clicks,
  row.orders,
  formatRupees(row.sales),
  row.roas.toFixed(2),
]

export function campaignDownloadRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()

  // spec §7: GET /campaign/download?params (CSV, includes status): the list's filters and order, every
  // row (no paging), one statement however many campaigns.
  app.get('/v1/campaign/download', async (c) => {
    const query = campaignFilterQuerySchema.parse(c.req.query())
    const db = deps.database.db
    const auth = c.get('auth')
    await assertMayActFor(db, auth, query.userId)
    const { range, rows } = await listCampaigns(db, query.userId, query, deps.now())
    c.header('User_id_role', auth.user.role)
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header(
      'Content-Disposition',
      `attachment; filename="campaigns-${query.userId}-${range.fromDate}-to-${range.toDate}.csv"`,
    )
    return c.body(toCsv(CAMPAIGN_CSV_HEADER, rows.map(campaignCsvRow)))
  })

  return app
}
