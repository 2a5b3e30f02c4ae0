// Paths and list state of the saved-reports screens (spec accounts §2 "Saved Reports table", "Default
// reports (admin)", §4 "Reports"), shared by loaders, pages and tests. Browser-safe: no zod schema, no
// contract import (the contract holds zod). Decision 043.
import { type Role, routePrefix } from '../../platform/rules/roles'
import { defineList, search as listSearch, type ListState } from './list-state'

export const savedReportsPath = (role: Role) => `${routePrefix(role)}/saved-reports`
export const savedReportPath = (role: Role, id: string) =>
  `${savedReportsPath(role)}/${encodeURIComponent(id)}`
export const savedReportDeletePath = (role: Role, id: string) => `${savedReportPath(role, id)}/delete`
export const savedReportDownloadPath = (role: Role, id: string) => `${savedReportPath(role, id)}/download`
/** The save-and-schedule form's edit mode (its helper reads `reportEntityId`). */
export const savedReportEditPath = (role: Role, id: string) =>
  `${routePrefix(role)}/save-schedule-report?reportEntityId=${encodeURIComponent(id)}`

export const DEFAULT_REPORTS_PATH = '/admin/default-reports'
export const DEFAULT_REPORT_DOWNLOAD_PATH = `${DEFAULT_REPORTS_PATH}/download`

/** The list's rows per page (spec §9: as the user list). The list has no filters: all of the account's reports. */
export const SAVED_REPORTS_LIST = defineList({
  filters: {},
  sortFields: [],
  pageSizes: [10, 20, 50, 100],
  defaultPageSize: 10,
})
export type SavedReportsState = ListState<typeof SAVED_REPORTS_LIST>
export const savedReportsSearch = (state: SavedReportsState, changes: Partial<SavedReportsState> = {}) =>
  listSearch(SAVED_REPORTS_LIST, state, changes)

/** The OTP dialog's second step: the code was sent, the field is shown. */
export const CODE_STEP = 'code'

/** The default-report choices a download dialog carries in its query (so reload and back keep them). */
export const DEFAULT_REPORT_PARAMS = ['reportType', 'dateFilterType', 'fromDate', 'toDate'] as const
