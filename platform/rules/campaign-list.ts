// The campaign list's orderings (spec campaigns §2 "Columns"): the sortable columns and their labels.
// Pure: the console's list state and the platform's loadHomePage/download query schemas read the same
// values.

/** The sortable columns, in the order the list offers them. The list's default order is newest first. */
export const CAMPAIGN_SORT_FIELDS = [
  { value: 'startDateTime', label: 'Start Date' },
  { value: 'endDateTime', label: 'End Date' },
  { value: 'budget', label: 'Budget' },
  { value: 'spend', label: 'Spend' },
] as const
export type CampaignSortField = (typeof CAMPAIGN_SORT_FIELDS)[number]['value']
export const CAMPAIGN_SORT_VALUES = CAMPAIGN_SORT_FIELDS.map((f) => f.value) as [
  CampaignSortField,
  ...CampaignSortField[],
]

export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]
export const DEFAULT_SORT_DIRECTION: SortDirection = 'desc'
