// The campaign list's filters as the page's query string (spec campaigns §2, §9): a filtered page is a
// URL that works without JavaScript and survives reload. Shared by the loader, the page and the tests.
import { CAMPAIGN_STATUS_FILTERS, type CampaignStatusFilter } from '../../platform/rules/campaigns'

export const DATE_FILTERS = [
  { value: 'CUSTOM', label: 'Custom' },
  { value: 'TODAY', label: 'Today' },
  { value: 'LAST_1D', label: 'Last 1 day' },
  { value: 'LAST_7D', label: 'Last 1 week' },
  { value: 'LAST_30D', label: 'Last 1 month' },
  { value: 'CURRENT_MONTH', label: 'Current month' },
] as const
export type DateFilterType = (typeof DATE_FILTERS)[number]['value']

export const STATUS_FILTER_LABELS: Record<CampaignStatusFilter, string> = {
  ALL: 'All Status',
  Running: 'Running',
  Paused: 'Paused',
  'Scheduled Paused': 'Scheduled Paused',
  Expired: 'Expired',
}

export const SORT_FIELDS = [
  { value: 'startDateTime', label: 'Start Date' },
  { value: 'endDateTime', label: 'End Date' },
  { value: 'budget', label: 'Budget' },
  { value: 'spend', label: 'Spend' },
] as const
export type SortField = (typeof SORT_FIELDS)[number]['value']

export const PAGE_SIZES = [10, 20, 50, 100] as const

/** The campaign editor (the create/edit screen, spec §2): a new one, or campaign `id`. */
export const EDITOR_PATH = '/create-campaign'
export const editorPath = (id: number) => `${EDITOR_PATH}?id=${id}`

export type ListQuery = {
  search: string
  dateFilterType: DateFilterType
  fromDate: string
  toDate: string
  status: CampaignStatusFilter
  sort: SortField | ''
  direction: 'asc' | 'desc'
  page: number
  size: number
}

export const DEFAULT_QUERY: ListQuery = {
  search: '',
  dateFilterType: 'LAST_1D',
  fromDate: '',
  toDate: '',
  status: 'ALL',
  sort: '',
  direction: 'desc',
  page: 1,
  size: 10,
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback

/** Reads the list's filters from a URL's query; anything unknown falls back to the default. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'))
  const size = Number(params.get('size'))
  return {
    // Not cut here: the platform refuses a search over 200 characters and the page shows its message.
    search: (params.get('search') ?? '').trim(),
    dateFilterType: oneOf(
      DATE_FILTERS.map((f) => f.value),
      params.get('dateFilterType'),
      DEFAULT_QUERY.dateFilterType,
    ),
    fromDate: params.get('fromDate') ?? '',
    toDate: params.get('toDate') ?? '',
    status: oneOf(CAMPAIGN_STATUS_FILTERS, params.get('status'), DEFAULT_QUERY.status),
    sort: oneOf(['', ...SORT_FIELDS.map((f) => f.value)], params.get('sort'), ''),
    direction: oneOf(['asc', 'desc'], params.get('direction'), DEFAULT_QUERY.direction),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_QUERY.size,
  }
}

/** The query string of a list state, leaving defaults out; `changes` override `query`. */
export function listSearch(query: ListQuery, changes: Partial<ListQuery> = {}): string {
  const next = { ...query, ...changes }
  const params = new URLSearchParams()
  for (const key of Object.keys(DEFAULT_QUERY) as (keyof ListQuery)[]) {
    const value = next[key]
    if (key === 'fromDate' || key === 'toDate') {
      if (next.dateFilterType === 'CUSTOM' && value) params.set(key, String(value))
      continue
    }
    if (value !== DEFAULT_QUERY[key]) params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** Custom dates (spec §2: start and end, no future dates); the message is the spec's date message. */
export function customDateError(query: ListQuery, today: string): string | null {
  if (query.dateFilterType !== 'CUSTOM') return null
  const valid = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`))
  if (!valid(query.fromDate) || !valid(query.toDate)) return 'Enter a valid date'
  if (query.fromDate > query.toDate) return 'Start date must not be after end date'
  if (query.toDate > today) return 'Future dates are not allowed'
  return null
}

/** The platform's query for a list state (page and size left out for the download). */
export function platformListQuery(sellerId: number, query: ListQuery) {
  return {
    userId: sellerId,
    dateFilterType: query.dateFilterType,
    fromDate: query.dateFilterType === 'CUSTOM' ? query.fromDate : undefined,
    toDate: query.dateFilterType === 'CUSTOM' ? query.toDate : undefined,
    status: query.status,
    search: query.search || undefined,
    sort: query.sort || undefined,
    direction: query.sort ? query.direction : undefined,
  }
}
