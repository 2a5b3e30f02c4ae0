// The campaign editor's step one, server half (spec campaigns §2, §4, §5, §7; decisions 026, 029): the
// loader and action of /create-campaign. One POST form: `save` validates with the shared rules and
// sends campaign/create or campaign/modify; `pincode-add|remove|upload` re-render the page with the
// working values kept; an `adgroup-*` intent goes to the ad-group section's action.
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node'
import {
  CAMPAIGN_FIELD_PATHS,
  type CampaignSaveInput,
  encodeBase64Text,
} from '../../platform/contracts/campaign-editor'
import type { CampaignFull } from '../../platform/contracts/inventory'
import { parsePincodeCsv } from '../../platform/rules/campaign-editor-csv'
import {
  adFormatType,
  type CampaignDetailsField,
  type CampaignDetailsForm,
  campaignTimes,
  cpdEditable,
  DAILY_BUDGET_UNSET,
  FORM_PACINGS,
  lifetimeDisabled,
  NewRevenueType,
  PINCODE_FILTERS,
  Pacing,
  type PacingName,
  type PincodeFilter,
  pacingName,
  pincodeInput,
  pincodeProblem,
  privilegeReadOnly,
  sendsCampaignTimes,
  setLifetime,
  setPincodeFilter,
  startDateLocked,
  targetingTypeOptions,
  toAmount,
  validateCampaignDetails,
} from '../../platform/rules/campaign-editor'
import { mayCreateCampaign } from '../../platform/rules/campaign-permissions'
import { type CampaignClass, campaignStateLabel } from '../../platform/rules/campaigns'
import { istDate } from '../../platform/rules/time'
import { redirectWithFlash } from '../flash.server'
import {
  type CurrentUser,
  type GuardOptions,
  redirectForStatus,
  requireUser,
  UNAUTHORIZED_PATH,
} from '../guard.server'
import { ROUTES } from '../route-table'
import {
  adGroupAction,
  adGroupDownload,
  type EditorCampaign,
  loadAdGroupEditor,
} from './adgroup-editor.server'
import { authApi } from './auth.server'
import { campaignsPath } from './campaign-page.server'
import {
  type EditorAnswer,
  type EditorErrors,
  type EditorSettings,
  type EditorValues,
  FIELD,
  INTENT,
  type PincodeRow,
} from './campaign-editor'
import { campaignsApi, decodeName } from './campaigns.server'
import { readFormWithFile } from '../utils/read-form.server'

type Args = LoaderFunctionArgs | ActionFunctionArgs

/** (ours) Messages the spec gives no words for. */
export const EDITOR_MESSAGES = {
  pincodeListed: (pincode: string) => `Pincode ${pincode} is already listed`,
  pincodeUnknown: (pincode: string) => `Pincode ${pincode} was not found`,
  pincodeCsvMissing: 'Choose a CSV file of Pincode,District,State',
  pincodeCsvTooLarge: 'The file is larger than 1 MB',
  pincodesAdded: (n: number) => `${n} pincode${n === 1 ? '' : 's'} added`,
  saved: 'Campaign saved as a draft. Add its ad groups below.',
  savedDetails: 'Campaign details saved.',
  unknownIntent: 'Unknown action',
} as const

/** A pincode CSV is small (the directory has ~20,000 pincodes: well under 1 MB). */
const PINCODE_CSV_MAX_BYTES = 1024 * 1024

const rupees = (paise: number | null | undefined) =>
  paise === null || paise === undefined ? '' : String(paise / 100)
const toPaise = (rupeesValue: number) => Math.round(rupeesValue * 100)

// ---------------------------------------------------------------------------------------------
// Values: from a stored campaign, from a post, to the rules' form, to the payload
// ---------------------------------------------------------------------------------------------

export function newValues(): EditorValues {
  return {
    campaignName: '',
    startDate: '',
    endDate: '',
    lifetime: false,
    targetingType: 'Keyword',
    cpm: '',
    cpd: '',
    totalBudget: '',
    pacing: 'asap',
    dailyBudget: '',
    privilegeTag: '',
    pincodeFilter: 'ALL',
    pincodes: [],
    pincodeInput: '',
  }
}

export function valuesOf(campaign: CampaignFull): EditorValues {
  const keywordFallback = campaign.targetingType === 'Keyword' && campaign.campaignClass === 'Sponsored'
  return {
    campaignName: decodeName(campaign.name),
    startDate: istDate(new Date(campaign.start_time)),
    endDate: campaign.expire_time ? istDate(new Date(campaign.expire_time)) : '',
    lifetime: campaign.expire_time === null,
    targetingType: campaign.targetingType,
    // A keyword campaign's stored cpm is the platform's fallback, not something the user typed.
    cpm: keywordFallback ? '' : rupees(campaign.cpm),
    cpd: rupees(campaign.cpd),
    totalBudget: rupees(campaign.budget_total_limit),
    pacing: pacingName(campaign.budget_pacing) ?? 'asap',
    dailyBudget:
      campaign.budget_daily_limit === DAILY_BUDGET_UNSET ? '' : rupees(campaign.budget_daily_limit),
    privilegeTag: campaign.tag ?? '',
    pincodeFilter: campaign.pincodeFilter,
    pincodes: campaign.pincodes.map((p) => ({
      pincode: String(p.pincode).padStart(6, '0'),
      district: p.district,
      state: p.state,
    })),
    pincodeInput: '',
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
const oneOf = <T extends string>(value: string, options: readonly T[], fallback: T): T =>
  (options as readonly string[]).includes(value) ? (value as T) : fallback

function rowsOf(form: FormData): PincodeRow[] {
  const rows: PincodeRow[] = []
  const seen = new Set<string>()
  for (const value of form.getAll(FIELD.pincodeRow)) {
    if (typeof value !== 'string') continue
    const [pincode = '', district = '', state = ''] = value.split('|')
    if (!/^\d{6}$/.test(pincode) || seen.has(pincode)) continue
    seen.add(pincode)
    rows.push({ pincode, district, state })
  }
  return rows
}

/**
 * The values a post carries. Controls the page shows disabled (a locked start date, cpd outside
 * state 6, the locked targeting type) are not posted: they keep the stored campaign's values.
 */
export function valuesFromForm(form: FormData, settings: EditorSettings, stored: EditorValues): EditorValues {
  const edit = settings.mode === 'edit'
  let values: EditorValues = {
    campaignName: text(form, FIELD.campaignName),
    startDate: settings.startLocked ? stored.startDate : text(form, FIELD.startDate).trim(),
    endDate: text(form, FIELD.endDate).trim(),
    lifetime: settings.lifetimeDisabled ? stored.lifetime : form.get(FIELD.lifetime) === 'on',
    targetingType: edit
      ? stored.targetingType
      : oneOf(
          text(form, FIELD.targetingType),
          settings.targetingOptions,
          settings.targetingOptions[0] ?? 'Keyword',
        ),
    cpm: text(form, FIELD.cpm).trim(),
    cpd: settings.cpdEditable ? text(form, FIELD.cpd).trim() : stored.cpd,
    totalBudget: text(form, FIELD.totalBudget).trim(),
    pacing: oneOf(text(form, FIELD.pacing), settings.pacingOptions, stored.pacing),
    dailyBudget: text(form, FIELD.dailyBudget).trim(),
    privilegeTag: text(form, FIELD.privilegeTag),
    pincodeFilter: oneOf(text(form, FIELD.pincodeFilter), PINCODE_FILTERS, 'ALL'),
    pincodes: rowsOf(form),
    pincodeInput: pincodeInput(text(form, FIELD.pincodeInput)),
  }
  // spec §4: Lifetime clears the end date and evenly/frontloaded pacing (setLifetime)…
  if (values.lifetime) {
    const cleared = setLifetime(
      { lifetime: false, endDate: values.endDate, pacing: detailsForm(values).pacing },
      true,
    )
    const keepsPacing = (FORM_PACINGS as readonly string[]).includes(values.pacing)
    values = {
      ...values,
      endDate: cleared.endDate,
      pacing: keepsPacing ? values.pacing : cleared.pacing || 'asap',
    }
  }
  // …and a change of the pincode selection type resets the list (setPincodeFilter).
  const shown = oneOf(text(form, FIELD.shownPincodeFilter), PINCODE_FILTERS, values.pincodeFilter)
  const rows = values.pincodes.map((p) => p.pincode)
  const kept = setPincodeFilter(
    { pincodeFilter: shown, pincodesList: rows, pincodesExcept: rows },
    values.pincodeFilter,
  )
  if (kept.pincodesList.length === 0 || values.pincodeFilter === 'ALL') values = { ...values, pincodes: [] }
  return values
}

/** The rules' view of the form (platform/rules/campaign-editor.ts). */
export function detailsForm(values: EditorValues): CampaignDetailsForm {
  const list = values.pincodes.map((p) => p.pincode)
  return {
    campaignName: values.campaignName,
    startDate: values.startDate,
    endDate: values.lifetime ? '' : values.endDate,
    lifetime: values.lifetime,
    targetingType: values.targetingType,
    cpm: values.cpm,
    cpd: values.cpd,
    totalBudget: values.totalBudget,
    pacing: (FORM_PACINGS as readonly string[]).includes(values.pacing) ? (values.pacing as PacingName) : '',
    dailyBudget: values.dailyBudget,
    privilegeTag: values.privilegeTag,
    pincodeFilter: values.pincodeFilter,
    pincodesList: values.pincodeFilter === 'CUSTOM' ? list : [],
    pincodesExcept: values.pincodeFilter === 'EXCEPT' ? list : [],
  }
}

const amountPaise = (value: string) => {
  const amount = toAmount(value)
  return amount === null || Number.isNaN(amount) ? null : toPaise(amount)
}

/** The campaign payload of spec §3 "Campaign (full)" for create or modify. */
export function payloadOf(
  values: EditorValues,
  settings: EditorSettings,
  sellerId: number,
  stored: CampaignFull | null,
  now = new Date(),
): CampaignSaveInput {
  const campaignClass = settings.campaignClass
  const sponsored = campaignClass === 'Sponsored'
  const daily = sponsored ? amountPaise(values.dailyBudget) : null
  const pacing = (values.pacing in Pacing ? values.pacing : 'asap') as PacingName
  const times = campaignTimes(values.startDate, values.lifetime ? null : values.endDate, now)
  const body: CampaignSaveInput = {
    name: encodeBase64Text(values.campaignName),
    targetingType: values.targetingType,
    ad_format_type: adFormatType(values.targetingType),
    isPDP: stored ? stored.isPDP : values.targetingType === 'Product',
    isPrivileged: !sponsored,
    new_revenue_type: NewRevenueType[campaignClass],
    sellerid: stored?.sellerid ?? sellerId,
    budget_total_limit: sponsored ? amountPaise(values.totalBudget) : null,
    budget_daily_limit: daily ?? DAILY_BUDGET_UNSET,
    budget_pacing: Pacing[pacing],
    cpm: amountPaise(values.cpm),
    // cpd outside state 6 is locked: the stored value goes back unchanged.
    cpd: sponsored ? null : settings.cpdEditable || !stored ? amountPaise(values.cpd) : stored.cpd,
    tag: sponsored ? null : values.privilegeTag,
    pincodeFilter: values.pincodeFilter,
    pincodes:
      values.pincodeFilter === 'ALL'
        ? []
        : values.pincodes.map((p) => ({ pincode: p.pincode, district: p.district, state: p.state })),
    // Left out of the JSON when undefined (a state-6 modify sends neither).
    start_time: undefined,
    expire_time: undefined,
  }
  if (!stored) return { ...body, start_time: times.start_time, expire_time: times.expire_time }
  const modify = { ...body, id: stored.id, jmcampaign_id: stored.jmcampaign_id }
  // spec §4: a Scheduled Paused campaign does not resend its times; the start is locked on edit.
  if (!sendsCampaignTimes(stored.state)) return modify
  return { ...modify, expire_time: times.expire_time }
}

// ---------------------------------------------------------------------------------------------
// The page's settings
// ---------------------------------------------------------------------------------------------

const PAYLOAD_FIELDS = Object.entries(CAMPAIGN_FIELD_PATHS) as [CampaignDetailsField, string][]

/** The platform's field errors (payload paths) at the form's fields; what fits no field goes to the banner. */
export function platformFieldErrors(
  body: unknown,
  pincodeFilter: PincodeFilter,
): { errors: EditorErrors; rest: string[] } {
  const fieldErrors = (body as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {}
  const errors: EditorErrors = {}
  const rest: string[] = []
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const message = messages[0]
    if (!message) continue
    const top = path.split('.')[0]!
    let field: keyof EditorErrors | undefined
    if (top === 'pincodes') field = pincodeFilter === 'EXCEPT' ? 'pincodesExcept' : 'pincodesList'
    else if (top === 'targetingType' || top === 'ad_format_type') field = 'targetingType'
    else field = PAYLOAD_FIELDS.find(([, payloadPath]) => payloadPath === top)?.[0]
    if (field && !errors[field]) errors[field] = message
    else if (!field) rest.push(message)
  }
  return { errors, rest }
}

type Loaded = {
  user: CurrentUser
  settings: EditorSettings
  stored: CampaignFull | null
  storedValues: EditorValues
}

const idParam = (value: string | null) => {
  const id = Number(value)
  return value && Number.isSafeInteger(id) && id > 0 ? id : null
}

/** Who asks, which campaign (new of a class, or `id`), and what they may change. */
async function loadEditor({ request, context }: Args, source: URLSearchParams): Promise<Loaded> {
  const user = await requireUser(request, context, ROUTES.createCampaign)
  const listPath = campaignsPath(user.role)
  const today = istDate(new Date())
  const rawId = source.get(FIELD.id)
  const id = idParam(rawId)
  const details = source.get('step') === 'details'
  if (rawId !== null && id === null) throw new Response('Not found', { status: 404 })

  if (id === null) {
    const campaignClass: CampaignClass =
      source.get(FIELD.campaignClass) === 'Privilege' ? 'Privilege' : 'Sponsored'
    // Only staff choose Privilege (spec §2, §6); the platform refuses others too.
    if (campaignClass === 'Privilege' && !mayCreateCampaign(user.role, 'Privilege', true))
      throw redirect(UNAUTHORIZED_PATH)
    const selfPath = `${ROUTES.createCampaign.path}?class=${campaignClass}`
    return {
      user,
      stored: null,
      storedValues: newValues(),
      settings: {
        id: null,
        jmcampaignId: null,
        campaignClass,
        stateLabel: null,
        draft: true,
        mode: 'create',
        readOnly: false,
        locked: false,
        offeredTargeting: targetingTypeOptions('create', 'Keyword'),
        targetingOptions: targetingTypeOptions('create', 'Keyword'),
        pacingOptions: [...FORM_PACINGS],
        startLocked: false,
        lifetimeDisabled: false,
        cpdEditable: true,
        today,
        listPath,
        selfPath,
        discardPath: `${ROUTES.createCampaignDiscard.path}?class=${campaignClass}`,
        editDetailsPath: null,
      },
    }
  }

  const view = await campaignsApi(context, user.session.token).view(id)
  if (!view.ok) {
    // 403 (another advertiser's campaign) → /unauthorized; 401/406 as everywhere.
    await redirectForStatus(view, user.role)
    throw new Response('Not found', { status: view.status === 404 ? 404 : 502 })
  }
  const stored = view.data
  const storedValues = valuesOf(stored)
  const readOnly = privilegeReadOnly(user.role, stored)
  const pacingOptions: string[] = [...FORM_PACINGS]
  if (!pacingOptions.includes(storedValues.pacing)) pacingOptions.push(storedValues.pacing)
  return {
    user,
    stored,
    storedValues,
    settings: {
      id,
      jmcampaignId: stored.jmcampaign_id,
      campaignClass: stored.campaignClass,
      stateLabel: stored.submission === 'DRAFT' ? 'Draft' : campaignStateLabel(stored.state),
      draft: stored.submission === 'DRAFT',
      mode: 'edit',
      readOnly,
      locked: readOnly || !details,
      offeredTargeting: targetingTypeOptions('create', stored.targetingType),
      targetingOptions: targetingTypeOptions('edit', stored.targetingType),
      pacingOptions,
      startLocked: startDateLocked('edit'),
      lifetimeDisabled: lifetimeDisabled(stored.state),
      cpdEditable: cpdEditable('edit', stored.state),
      today,
      listPath,
      selfPath: `${ROUTES.createCampaign.path}?id=${id}${details && !readOnly ? '&step=details' : ''}`,
      discardPath: `${ROUTES.createCampaignDiscard.path}?id=${id}`,
      editDetailsPath: readOnly ? null : `${ROUTES.createCampaign.path}?id=${id}&step=details`,
    },
  }
}

/** What the ad-group section is told about the saved campaign (money in rupees). */
export function editorCampaign(stored: CampaignFull): EditorCampaign {
  return {
    id: stored.id,
    jmcampaignId: stored.jmcampaign_id,
    sellerId: stored.sellerid,
    campaignClass: stored.campaignClass,
    targetingType: stored.targetingType,
    state: stored.state,
    totalBudget: stored.budget_total_limit === null ? null : stored.budget_total_limit / 100,
    dailyBudget:
      stored.budget_daily_limit === DAILY_BUDGET_UNSET ? DAILY_BUDGET_UNSET : stored.budget_daily_limit / 100,
  }
}

const revision = () => crypto.randomUUID()

export async function editorLoader(args: LoaderFunctionArgs, guard: GuardOptions) {
  await requireUser(args.request, args.context, guard)
  const { user, settings, stored, storedValues } = await loadEditor(
    args,
    new URL(args.request.url).searchParams,
  )
  const adGroups =
    stored && settings.locked
      ? await loadAdGroupEditor(args.context, user, editorCampaign(stored), stored.adGroups)
      : null
  const answer: EditorAnswer = {
    values: storedValues,
    errors: {},
    banner: null,
    notice: null,
    revision: revision(),
    focus: null,
  }
  return { settings, answer, adGroups }
}

// ---------------------------------------------------------------------------------------------
// The action
// ---------------------------------------------------------------------------------------------

function reply(values: EditorValues, patch: Partial<EditorAnswer>, status = 200) {
  const answer: EditorAnswer = {
    values,
    errors: {},
    banner: null,
    notice: null,
    revision: revision(),
    focus: null,
    ...patch,
  }
  return data({ answer }, { status })
}

export async function editorAction(args: ActionFunctionArgs, guard: GuardOptions) {
  const { request, context } = args
  const url = new URL(request.url)
  // The guard before the body is read.
  await requireUser(request, context, guard)
  // A multipart post carries the pincode CSV (1 MB per part); a plain post as usual.
  const form = await readFormWithFile(request, PINCODE_CSV_MAX_BYTES)
  if (form === 'too-large') {
    const { storedValues } = await loadEditor(args, url.searchParams)
    return reply(
      storedValues,
      { errors: { pincodeCsv: EDITOR_MESSAGES.pincodeCsvTooLarge }, focus: 'pincodeCsv' },
      413,
    )
  }
  // The campaign the post is about: its hidden id or class (falling back to the URL's).
  const source = new URLSearchParams(url.search)
  for (const name of [FIELD.id, FIELD.campaignClass]) {
    const value = form.get(name)
    if (typeof value === 'string' && value !== '') source.set(name, value)
  }
  const loaded = await loadEditor(args, source)
  const { user, settings, stored } = loaded
  const intent = text(form, FIELD.intent)

  if (intent.startsWith('adgroup-')) {
    if (!stored) return reply(loaded.storedValues, { banner: EDITOR_MESSAGES.unknownIntent }, 400)
    return adGroupAction(request, form, context, user, editorCampaign(stored))
  }
  // spec §4/§6: BRAND and SELLER only view a Privilege campaign; the platform refuses the write too.
  if (settings.readOnly) throw redirect(UNAUTHORIZED_PATH)

  const values = valuesFromForm(form, settings, loaded.storedValues)

  if (intent === INTENT.pincodeAdd) return addPincode(args, user, values)
  if (intent.startsWith(`${INTENT.pincodeRemove}:`)) {
    const pincode = intent.slice(INTENT.pincodeRemove.length + 1)
    return reply(
      { ...values, pincodes: values.pincodes.filter((p) => p.pincode !== pincode) },
      { focus: 'pincodeInput' },
    )
  }
  if (intent === INTENT.pincodeUpload) return uploadPincodes(form, values)
  if (intent !== INTENT.save) return reply(values, { banner: EDITOR_MESSAGES.unknownIntent }, 400)

  const errors = validateCampaignDetails(detailsForm(values), {
    mode: settings.mode,
    campaignClass: settings.campaignClass,
    state: stored?.state ?? null,
    today: settings.today,
  })
  if (Object.keys(errors).length > 0) return reply(values, { errors, focus: firstField(errors) }, 400)

  const api = campaignsApi(context, user.session.token)
  const sellerId = stored?.sellerid ?? (user.sellerId as number)
  const body = payloadOf(values, settings, sellerId, stored)
  const result = stored
    ? await api.modify(sellerId, 'save', body as CampaignSaveInput & { id: number })
    : await api.create(sellerId, 'save', body)
  if (!result.ok) {
    await redirectForStatus(result, user.role)
    const { errors: fieldErrors, rest } = platformFieldErrors(result.body, values.pincodeFilter)
    const banner = Object.keys(fieldErrors).length > 0 ? (rest[0] ?? null) : (rest[0] ?? result.message)
    return reply(
      values,
      { errors: fieldErrors, banner, focus: firstField(fieldErrors) },
      result.status === 402 ? 402 : 400,
    )
  }
  return redirectWithFlash(request, `${ROUTES.createCampaign.path}?id=${result.data.id}`, {
    kind: 'success',
    message: stored ? EDITOR_MESSAGES.savedDetails : EDITOR_MESSAGES.saved,
  })
}

const FIELD_ORDER: (keyof EditorErrors)[] = [
  'campaignName',
  'startDate',
  'endDate',
  'targetingType',
  'pincodesList',
  'pincodesExcept',
  'totalBudget',
  'dailyBudget',
  'cpm',
  'cpd',
  'privilegeTag',
]
const firstField = (errors: EditorErrors) => FIELD_ORDER.find((f) => errors[f]) ?? null

async function addPincode({ context }: ActionFunctionArgs, user: CurrentUser, values: EditorValues) {
  const pincode = values.pincodeInput
  const problem = pincodeProblem(pincode)
  const refuse = (message: string) =>
    reply(values, { errors: { pincodeInput: message }, focus: 'pincodeInput' }, 400)
  if (problem) return refuse(problem)
  if (values.pincodes.some((p) => p.pincode === pincode))
    return refuse(EDITOR_MESSAGES.pincodeListed(pincode))
  const found = await authApi(context, user.session.token).pincodes([pincode])
  if (!found.ok) {
    await redirectForStatus(found, user.role)
    return reply(values, { banner: found.message, focus: 'pincodeInput' }, 502)
  }
  const row = found.data.find((p) => p.pincode.padStart(6, '0') === pincode)
  if (!row) return refuse(EDITOR_MESSAGES.pincodeUnknown(pincode))
  return reply(
    {
      ...values,
      pincodeInput: '',
      pincodes: [...values.pincodes, { pincode, district: row.district, state: row.state }],
    },
    { notice: `${pincode} ${row.district}, ${row.state} added`, focus: 'pincodeInput' },
  )
}

async function uploadPincodes(form: FormData, values: EditorValues) {
  const file = form.get(FIELD.pincodeCsv)
  const refuse = (message: string) =>
    reply(values, { errors: { pincodeCsv: message }, focus: 'pincodeCsv' }, 400)
  if (!file || typeof file === 'string' || file.size === 0) return refuse(EDITOR_MESSAGES.pincodeCsvMissing)
  if (!/\.csv$/i.test(file.name)) return refuse('Selected File Format is Incorrect !')
  const parsed = parsePincodeCsv(await file.text())
  if (parsed.error) return refuse(parsed.problem ? `${parsed.error}: ${parsed.problem}` : parsed.error)
  const listed = new Set(values.pincodes.map((p) => p.pincode))
  const added = parsed.rows.filter((row) => !listed.has(row.pincode))
  return reply(
    { ...values, pincodes: [...values.pincodes, ...added] },
    { notice: EDITOR_MESSAGES.pincodesAdded(added.length), focus: 'pincodeCsv' },
  )
}

/** The Discard dialog: leaves the editor; a saved draft stays in the list (decision 029). */
export async function discardAction({ request, context }: ActionFunctionArgs, guard: GuardOptions) {
  const user = await requireUser(request, context, guard)
  const id = idParam(new URL(request.url).searchParams.get(FIELD.id))
  const to = campaignsPath(user.role)
  if (id === null) return redirect(to)
  return redirectWithFlash(request, to, {
    kind: 'info',
    message: 'Changes discarded. The saved draft stays in your campaign list.',
  })
}

export async function discardLoader({ request, context }: LoaderFunctionArgs, guard: GuardOptions) {
  await requireUser(request, context, guard)
  return null
}

/**
 * An ad group card's Download, posted without JavaScript (decision 077): the editor's guard and its
 * campaign (?id=N: another advertiser's is refused as on the editor), then the list as a CSV file. A
 * resource route, because an action of the editor's page can answer only data, never a file.
 */
export async function downloadAction(args: ActionFunctionArgs, guard: GuardOptions) {
  const { request, context } = args
  await requireUser(request, context, guard)
  const form = await readFormWithFile(request, PINCODE_CSV_MAX_BYTES)
  if (form === 'too-large') return new Response('The form is too large to download from.', { status: 413 })
  const { user, stored } = await loadEditor(args, new URL(request.url).searchParams)
  if (!stored)
    return new Response('Save the campaign first: only a saved campaign has ad groups.', { status: 400 })
  return adGroupDownload(form, context, user, editorCampaign(stored))
}

/** A GET of the download address: nothing to download without a card's post; back to the editor. */
export async function downloadLoader(args: LoaderFunctionArgs, guard: GuardOptions) {
  await requireUser(args.request, args.context, guard)
  const { search, searchParams } = new URL(args.request.url)
  // The editor's own checks first (a malformed id, another advertiser's campaign).
  await loadEditor(args, searchParams)
  throw redirect(`${ROUTES.createCampaign.path}${search}`)
}
