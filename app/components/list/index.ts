// The list kit (docs/decisions/016): the parts every list page is built from. Its URL state is
// app/models/list-state.ts.
export { DownloadLink } from './DownloadLink'
export {
  FilterBar,
  FilterError,
  FilterInput,
  FilterSelect,
  type Option,
  useApplyOnChange,
  useKeyboardSafeChange,
} from './FilterBar'
export { KeepParams } from './KeepParams'
export { cellClass, type Column, ListTable, listSummary, SortHeader, type SortProps } from './ListTable'
export { LoadingStatus, useListPending } from './Pending'
export { Pager, type PagerProps } from './Pager'
export { EmptyState, ErrorState, PastLastPage } from './States'
