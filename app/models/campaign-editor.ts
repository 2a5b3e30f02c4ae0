// The campaign editor's step one (spec campaigns §2 "Create/Edit campaign", §4, §5; decisions 026, 029):
// what the page and its form post carry. Types and names only: the browser bundle imports this file.
import type { CampaignDetailsField, PincodeFilter, TargetingType } from '../../platform/rules/campaign-editor'

export type PincodeRow = { pincode: string; district: string; state: string }

/** Step one's working values, as typed (money in rupees, dates YYYY-MM-DD). */
export type EditorValues = {
  campaignName: string
  startDate: string
  endDate: string
  lifetime: boolean
  targetingType: TargetingType
  cpm: string
  cpd: string
  totalBudget: string
  /** asap or manual on the form; a stored evenly/frontloaded is shown as it is. */
  pacing: string
  dailyBudget: string
  privilegeTag: string
  pincodeFilter: PincodeFilter
  /** The CUSTOM or EXCEPT list (spec §3 pincodesList / pincodesExcept): one list, the filter says which. */
  pincodes: PincodeRow[]
  /** The pincode being typed (digits, at most 6). */
  pincodeInput: string
}

/** Where a message shows: a step-one field, the pincode entry, the CSV field. */
export type EditorField = CampaignDetailsField | 'pincodeInput' | 'pincodeCsv' | 'targetingType'
export type EditorErrors = Partial<Record<EditorField, string>>

/** The form's field names (the no-JS post and the route tests use them). */
export const FIELD = {
  id: 'id',
  campaignClass: 'class',
  campaignName: 'campaignName',
  startDate: 'startDate',
  endDate: 'endDate',
  lifetime: 'lifetime',
  targetingType: 'targetingType',
  cpm: 'cpm',
  cpd: 'cpd',
  totalBudget: 'totalBudget',
  pacing: 'pacing',
  dailyBudget: 'dailyBudget',
  privilegeTag: 'privilegeTag',
  pincodeFilter: 'pincodeFilter',
  /** The pincode filter the page was rendered with: a change resets the list. */
  shownPincodeFilter: 'shownPincodeFilter',
  /** One hidden input per listed pincode: `pincode|district|state`. */
  pincodeRow: 'pincodeRow',
  pincodeInput: 'pincodeInput',
  pincodeCsv: 'pincodeCsv',
  intent: 'intent',
} as const

export const INTENT = {
  save: 'save',
  pincodeAdd: 'pincode-add',
  /** `pincode-remove:110001` */
  pincodeRemove: 'pincode-remove',
  pincodeUpload: 'pincode-upload',
} as const

/** A pincode row as one hidden value. */
export const pincodeRowValue = (row: PincodeRow) => `${row.pincode}|${row.district}|${row.state}`

/** What the page knows about the campaign and what the user may change (computed by the loader). */
export type EditorSettings = {
  /** null for a campaign not saved yet. */
  id: number | null
  jmcampaignId: number | null
  campaignClass: 'Sponsored' | 'Privilege'
  stateLabel: string | null
  draft: boolean
  mode: 'create' | 'edit'
  /** BRAND/SELLER on a Privilege campaign (spec §4). */
  readOnly: boolean
  /** Saved, and not reopened with Edit details: the details show as a summary, ad groups below. */
  locked: boolean
  /** Every type the form shows (Product only with the PDP flag); only `targetingOptions` are enabled. */
  offeredTargeting: TargetingType[]
  targetingOptions: TargetingType[]
  pacingOptions: string[]
  startLocked: boolean
  lifetimeDisabled: boolean
  cpdEditable: boolean
  today: string
  /** The list of the user's tree (Back, Discard). */
  listPath: string
  /** The editor's own URL (the form's action, the dialog's back). */
  selfPath: string
  /** The discard dialog's URL. */
  discardPath: string
  /** ?id=N&step=details: the details form of a saved campaign. */
  editDetailsPath: string | null
}

export type EditorAnswer = {
  values: EditorValues
  errors: EditorErrors
  /** A platform refusal that belongs to no field (spec §4: a banner, step one kept). */
  banner: string | null
  /** A polite note (a pincode added, a CSV read). */
  notice: string | null
  /** Changes with every answer, so the form re-reads the values it was given. */
  revision: string
  /** The field to focus after the answer. */
  focus: EditorField | null
}

export function editorHeading(settings: Pick<EditorSettings, 'id' | 'readOnly' | 'draft'>) {
  if (settings.id === null) return 'Create Campaign'
  if (settings.readOnly) return 'View Campaign'
  return settings.draft ? 'Create Campaign' : 'Edit Campaign'
}

export const PACING_LABELS: Record<string, string> = {
  asap: 'ASAP',
  manual: 'Manual',
  evenly: 'Evenly',
  frontloaded: 'Frontloaded',
}
