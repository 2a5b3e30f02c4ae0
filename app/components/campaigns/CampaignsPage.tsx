// The campaign list (spec campaigns §2, §4, §6, §9), shared by /campaigns and /admin/campaigns, built
// on the list kit (app/components/list, docs/decisions/016). Every control is a link or a native form:
// filters are a GET form, row actions POST forms, dialogs child routes. With JavaScript, selects apply
// themselves, Remix navigates without reloading, and the table shows that the next state is loading.
import { Link, Outlet } from '@remix-run/react'
import type { listLoader } from '../../models/campaign-page.server'
import { CAMPAIGN_LIST, listIsFiltered, listSearch } from '../../models/campaign-list'
import { keptParams } from '../../models/list-state'
import { formatCount, formatCredits } from '../../utils/format'
import { Banner } from '../Banner'
import {
  DownloadLink,
  EmptyState,
  ErrorState,
  LoadingStatus,
  Pager,
  PastLastPage,
  useListPending,
} from '../list'
import { CampaignFilters } from './CampaignFilters'
import { CampaignTable } from './CampaignTable'
import * as styles from './campaigns.css'

export type CampaignsData = Awaited<ReturnType<typeof listLoader>>

export const ZERO_CREDIT_BANNER =
  'All sponsored campaigns are currently paused. Please add credits to resume them.'
export const NO_CREDIT_NOTE = 'All campaigns are currently paused. Please add credits to resume them.'

export function CampaignsPage({ data }: { data: CampaignsData }) {
  const { query, base } = data
  const search = listSearch(query)
  const pending = useListPending(base)
  return (
    <section aria-labelledby="campaigns-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="campaigns-heading" className={styles.title}>
          Campaigns
        </h1>
        <DownloadLink href={`${base}/download${search}`} />
        {data.canCreate ? (
          <Link to={`${base}/class${search}`} className={styles.primaryLink} preventScrollReset>
            Create New Campaign
          </Link>
        ) : (
          <span title={NO_CREDIT_NOTE}>
            <button type="button" className={styles.primaryLink} disabled aria-describedby="no-credit-note">
              Create New Campaign
            </button>
          </span>
        )}
      </div>
      {data.availableCredit <= 0 ? <Banner kind="warning">{ZERO_CREDIT_BANNER}</Banner> : null}
      <Stats data={data} />
      <CampaignFilters query={query} today={data.today} dateError={data.dateError} />
      <LoadingStatus pending={pending} />
      {data.backendError ? <ErrorState title="Backend Error" message={data.backendError} /> : null}
      {data.page ? <Results data={data} page={data.page} pending={pending} /> : null}
      <Outlet />
    </section>
  )
}

function Stats({ data }: { data: CampaignsData }) {
  const stats = data.stats
  const items = [
    ['Total Campaigns', stats ? formatCount(stats.totalCampaigns) : '–'],
    ['Running Campaigns', stats ? formatCount(stats.runningCampaigns) : '–'],
    ['Paused Campaigns', stats ? formatCount(stats.pausedCampaigns) : '–'],
    ['Available Credits', formatCredits(data.availableCredit)],
  ] as const
  return (
    <div>
      <dl className={data.canCreate ? styles.stats : styles.statsDimmed} data-testid="stats">
        {items.map(([label, value]) => (
          <div key={label} className={styles.stat}>
            <dt className={styles.statLabel}>{label}</dt>
            <dd className={styles.statValue}>{value}</dd>
          </div>
        ))}
      </dl>
      {data.canCreate ? null : (
        <p id="no-credit-note" className={styles.dimmedNote}>
          {NO_CREDIT_NOTE}
        </p>
      )}
    </div>
  )
}

function Results({
  data,
  page,
  pending,
}: {
  data: CampaignsData
  page: NonNullable<CampaignsData['page']>
  pending: boolean
}) {
  const { query, base } = data
  if (page.rows.length === 0) {
    const last = Math.max(1, page.totalPages)
    // An old link past the last page: say so and lead back, rather than "no campaigns".
    if (page.totalCount > 0 && query.page > last) {
      return (
        <PastLastPage
          page={query.page}
          last={last}
          noun="campaigns"
          lastPage={base + listSearch(query, { page: last })}
        />
      )
    }
    const filtered = listIsFiltered(query) && (data.stats?.totalCampaigns ?? 0) > 0
    return filtered ? (
      <EmptyState title="No campaigns match these filters" image="/images/empty-campaigns.svg">
        Try another name, date range or status.
      </EmptyState>
    ) : (
      <EmptyState title="No campaigns yet" image="/images/empty-campaigns.svg">
        Campaigns you create appear here with their spend, clicks, orders and sales.
      </EmptyState>
    )
  }
  return (
    <>
      <CampaignTable base={base} query={query} page={page} busy={pending} />
      <Pager
        page={page.page}
        totalPages={page.totalPages}
        size={query.size}
        sizes={CAMPAIGN_LIST.pageSizes}
        pageLink={(n) => base + listSearch(query, { page: n })}
        keep={keptParams(CAMPAIGN_LIST, query, [
          'search',
          'dateFilterType',
          'fromDate',
          'toDate',
          'status',
          'sort',
          'direction',
        ])}
      />
    </>
  )
}
