// The campaign editor's step one (spec campaigns §4, §5; decision 029) through the real route module's
// loader and action against the in-process test platform: each step-one message at its field with the
// typed values kept, pincode lookup, save → ?id=N locked, and the role and ownership refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../platform/rules/campaign-editor'
import { addDays, istDate } from '../../platform/rules/time'
import type { EditorAnswer, EditorSettings } from '../models/campaign-editor'
import { EDITOR_MESSAGES } from '../models/campaign-editor.server'
import { action, loader } from '../routes/_any.create-campaign'
import { action as discardAction } from '../routes/_any.create-campaign.discard'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

let h: RouteHarness
let seller: string
let ops: string
const today = istDate(new Date())
const start = addDays(today, 1)
const end = addDays(today, 30)

beforeAll(async () => {
  h = await createRouteHarness()
  seller = await h.cookieFor('seller@example.com', { sellerId: 100001 })
  ops = await h.cookieFor('ops@example.com', { sellerId: 100001 })
})
afterAll(async () => {
  await h?.close()
})

const SPONSORED = {
  intent: 'save',
  class: 'Sponsored',
  campaignName: 'Step One Route',
  startDate: start,
  endDate: end,
  targetingType: 'Keyword',
  totalBudget: '1000',
  pacing: 'asap',
  dailyBudget: '',
  cpm: '',
  pincodeFilter: 'ALL',
  shownPincodeFilter: 'ALL',
}
const PRIVILEGE = {
  ...SPONSORED,
  class: 'Privilege',
  totalBudget: '',
  cpm: '20',
  cpd: '500',
  privilegeTag: 'Festive Deals',
}

type Answer = { answer: EditorAnswer }
const post = (form: Record<string, string>, cookie = seller, path = `/create-campaign?class=${form.class}`) =>
  h.submit<Answer>(action, path, form, { cookie })

describe('step one messages (spec §5) at their fields, values kept', () => {
  const cases: [string, Record<string, string>, string, string, string?][] = [
    ['name empty', { campaignName: '' }, 'campaignName', MESSAGES.campaignNameRequired],
    ['name with (', { campaignName: 'Sale (big)' }, 'campaignName', MESSAGES.campaignNameChars],
    ['start before today', { startDate: addDays(today, -1) }, 'startDate', MESSAGES.invalidDate],
    ['start not a date', { startDate: '2026-02-30' }, 'startDate', MESSAGES.invalidDate],
    ['end before start', { endDate: today }, 'endDate', MESSAGES.invalidDate],
    ['end missing', { endDate: '' }, 'endDate', MESSAGES.invalidDate],
    ['total budget empty', { totalBudget: '' }, 'totalBudget', MESSAGES.requiredField],
    ['manual pacing, no daily', { pacing: 'manual' }, 'dailyBudget', MESSAGES.dailyBudgetEmpty],
    ['daily over total', { pacing: 'manual', dailyBudget: '2000' }, 'dailyBudget', MESSAGES.dailyOverTotal],
    ['category without bid', { targetingType: 'Category' }, 'cpm', MESSAGES.requiredField],
    ['bid over total', { targetingType: 'Category', cpm: '5000' }, 'cpm', MESSAGES.bidOverTotalBudget],
    [
      'bid over daily',
      { targetingType: 'Category', cpm: '600', pacing: 'manual', dailyBudget: '500' },
      'cpm',
      MESSAGES.bidOverDailyBudget,
    ],
    [
      'custom without pincodes',
      { pincodeFilter: 'CUSTOM', shownPincodeFilter: 'CUSTOM' },
      'pincodesList',
      MESSAGES.requiredField,
    ],
    [
      'except without pincodes',
      { pincodeFilter: 'EXCEPT', shownPincodeFilter: 'EXCEPT' },
      'pincodesExcept',
      MESSAGES.requiredField,
    ],
    ['privilege without cpd', { ...PRIVILEGE, cpd: '' }, 'cpd', MESSAGES.cpdRequired, 'ops'],
    [
      'privilege without tag',
      { ...PRIVILEGE, privilegeTag: '' },
      'privilegeTag',
      MESSAGES.requiredField,
      'ops',
    ],
    [
      'privilege tag with digits',
      { ...PRIVILEGE, privilegeTag: 'Deals 2026' },
      'privilegeTag',
      MESSAGES.invalidTag,
      'ops',
    ],
    ['privilege without bid', { ...PRIVILEGE, cpm: '' }, 'cpm', MESSAGES.requiredField, 'ops'],
  ]
  it.each(cases)('%s', async (_name, change, field, message, who) => {
    const form = { ...SPONSORED, ...change }
    const answer = await post(form, who === 'ops' ? ops : seller)
    expect(answer.status).toBe(400)
    const { errors, values } = answer.data.answer
    expect(errors[field as keyof typeof errors]).toBe(message)
    // Everything typed comes back.
    expect(values.campaignName).toBe(form.campaignName)
    expect(values.startDate).toBe(form.startDate)
    expect(values.totalBudget).toBe(form.totalBudget)
    expect(values.cpm).toBe(form.cpm)
    expect(values.pacing).toBe(form.pacing)
    expect(values.targetingType).toBe(form.targetingType)
  })

  it('Lifetime clears the end date and needs none', async () => {
    const answer = await post({ ...SPONSORED, lifetime: 'on', endDate: today, campaignName: '' })
    expect(answer.data.answer.values.endDate).toBe('')
    expect(answer.data.answer.errors).toEqual({ campaignName: MESSAGES.campaignNameRequired })
  })
})

describe('pincodes', () => {
  const custom = {
    ...SPONSORED,
    intent: 'pincode-add',
    pincodeFilter: 'CUSTOM',
    shownPincodeFilter: 'CUSTOM',
  }
  it('looks up a new pincode and lists it with its district and state, keeping the other values', async () => {
    const answer = await post({ ...custom, pincodeInput: '110001' })
    expect(answer.status).toBe(200)
    expect(answer.data.answer.values.pincodes).toEqual([
      { pincode: '110001', district: expect.any(String), state: expect.any(String) },
    ])
    expect(answer.data.answer.values.pincodeInput).toBe('')
    expect(answer.data.answer.values.campaignName).toBe(SPONSORED.campaignName)
  })
  it.each([
    ['12', MESSAGES.invalidPincode],
    ['999999', EDITOR_MESSAGES.pincodeUnknown('999999')],
  ])('refuses %s at the pincode field', async (pincode, message) => {
    const answer = await post({ ...custom, pincodeInput: pincode })
    expect(answer.status).toBe(400)
    expect(answer.data.answer.errors.pincodeInput).toBe(message)
  })
  it('refuses a pincode already listed, removes one, and a type change resets the list', async () => {
    const row = '110001|Central Delhi|Delhi'
    const again = await post({ ...custom, pincodeRow: row, pincodeInput: '110001' })
    expect(again.data.answer.errors.pincodeInput).toBe(EDITOR_MESSAGES.pincodeListed('110001'))
    const removed = await post({ ...custom, pincodeRow: row, intent: 'pincode-remove:110001' })
    expect(removed.data.answer.values.pincodes).toEqual([])
    const changed = await post({
      ...custom,
      pincodeRow: row,
      pincodeFilter: 'EXCEPT',
      intent: 'pincode-add',
      pincodeInput: '',
    })
    expect(changed.data.answer.values.pincodes).toEqual([])
    expect(changed.data.answer.values.pincodeFilter).toBe('EXCEPT')
  })
  it("puts the platform's refusal of an unknown pincode at the list", async () => {
    const answer = await post({ ...custom, intent: 'save', pincodeRow: '999998|Nowhere|Nostate' })
    expect(answer.status).toBe(400)
    expect(answer.data.answer.errors.pincodesList).toBe('Pincode 999998 does not exist')
    expect(answer.data.answer.values.pincodes).toHaveLength(1)
  })
})

describe('save, roles and ownership', () => {
  it('saves a draft and opens it at ?id=N with the details locked', async () => {
    const saved = await post({
      ...SPONSORED,
      campaignName: 'Route Saved',
      pacing: 'manual',
      dailyBudget: '100',
    })
    expect(saved.location).toMatch(/^\/create-campaign\?id=\d+$/)
    const page = await h.load<{ settings: EditorSettings; answer: EditorAnswer }>(loader, saved.location!, {
      cookie: seller,
    })
    expect(page.status).toBe(200)
    expect(page.data.settings).toMatchObject({ locked: true, draft: true, readOnly: false, mode: 'edit' })
    expect(page.data.answer.values).toMatchObject({
      campaignName: 'Route Saved',
      dailyBudget: '100',
      pacing: 'manual',
    })
    // Reopened details: the start is locked, the end can change.
    const id = saved.location!.split('=')[1]!
    const edit = await h.submit<Answer>(
      action,
      `/create-campaign?id=${id}&step=details`,
      { ...SPONSORED, id, campaignName: 'Route Saved 2', startDate: '', endDate: addDays(today, 40) },
      { cookie: seller },
    )
    expect(edit.location).toBe(`/create-campaign?id=${id}`)
  })

  it('a platform refusal without a field shows in the banner and keeps the values', async () => {
    const poor = await h.cookieFor('seller-nocredit@example.com', { sellerId: 100007 })
    const answer = await post(SPONSORED, poor)
    expect(answer.status).toBe(402)
    expect(answer.data.answer.banner).toBe('Add credits to create a Sponsored campaign')
    expect(answer.data.answer.values.campaignName).toBe(SPONSORED.campaignName)
  })

  it('a SELLER may not open or post a Privilege campaign', async () => {
    expect((await h.load(loader, '/create-campaign?class=Privilege', { cookie: seller })).location).toBe(
      '/unauthorized',
    )
    expect((await post(PRIVILEGE, seller)).location).toBe('/unauthorized')
  })

  it("a seller opening another advertiser's campaign is refused", async () => {
    const brandOps = await h.cookieFor('ops@example.com', { sellerId: 200001 })
    const saved = await post({ ...SPONSORED, campaignName: 'Brand Only' }, brandOps)
    expect(saved.location).toMatch(/\?id=\d+$/)
    expect((await h.load(loader, saved.location!, { cookie: seller })).location).toBe('/unauthorized')
  })

  it('a SELLER views a Privilege campaign read-only and cannot save it', async () => {
    const saved = await post({ ...PRIVILEGE, campaignName: 'Privilege View' }, ops)
    expect(saved.location).toMatch(/\?id=\d+$/)
    const page = await h.load<{ settings: EditorSettings }>(loader, `${saved.location!}&step=details`, {
      cookie: seller,
    })
    expect(page.data.settings).toMatchObject({ readOnly: true, locked: true, editDetailsPath: null })
    const id = saved.location!.split('=')[1]!
    const write = await h.submit(action, saved.location!, { ...PRIVILEGE, id }, { cookie: seller })
    expect(write.location).toBe('/unauthorized')
  })

  it('Discard leaves for the list', async () => {
    const answer = await h.submit(
      discardAction,
      '/create-campaign/discard?class=Sponsored',
      {},
      { cookie: seller },
    )
    expect(answer.location).toBe('/campaigns')
  })
})
