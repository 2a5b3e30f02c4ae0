import { describe, expect, it } from 'vitest'
import { nextCampaignState, type StateInput } from './campaign-states'
import { istEndOfDay, istStartOfDay } from './time'

const base: StateInput = {
  state: 6,
  status: 1,
  campaignClass: 'Sponsored',
  startTime: istStartOfDay('2026-03-10'),
  expireTime: istEndOfDay('2026-03-12'),
  budgetDailyLimit: 1000,
  budgetTotalLimit: 2500,
  todaySpend: 0,
  lifetimeSpend: 0,
  creditsAvailable: true,
}
const at = (iso: string) => new Date(iso)

describe('nextCampaignState', () => {
  it('walks scheduled → running → daily limit → running next day → total limit → expired', () => {
    let c = { ...base }
    const step = (now: Date, patch: Partial<StateInput> = {}) => {
      c = { ...c, ...patch }
      const next = nextCampaignState(c, now)
      if (next) c = { ...c, state: next.state, status: next.status }
      return next
    }
    expect(step(at('2026-03-09T18:29:00Z'))).toBeNull() // 23:59 IST the day before: still scheduled
    expect(step(at('2026-03-09T18:30:00Z'))).toMatchObject({ state: 1, reason: 'RUNNING' })
    expect(step(at('2026-03-10T06:00:00Z'), { todaySpend: 1000, lifetimeSpend: 1000 })).toMatchObject({
      state: 4,
      reason: 'DAILY_LIMIT',
    })
    expect(step(at('2026-03-10T18:29:59Z'))).toBeNull() // until midnight IST
    expect(step(at('2026-03-10T18:30:00Z'), { todaySpend: 0 })).toMatchObject({ state: 1 })
    expect(step(at('2026-03-11T10:00:00Z'), { todaySpend: 900, lifetimeSpend: 2500 })).toMatchObject({
      state: 5,
      reason: 'TOTAL_LIMIT',
    })
    expect(step(at('2026-03-12T18:30:00Z'), { todaySpend: 0 })).toMatchObject({
      state: 7,
      reason: 'END_PASSED',
    })
    expect(step(at('2026-03-20T00:00:00Z'))).toBeNull() // expired stays expired
  })

  it('pauses Sponsored campaigns with status 1 when credit runs out and resumes them when it returns', () => {
    const running = { ...base, state: 1 }
    const now = at('2026-03-10T06:00:00Z')
    expect(nextCampaignState({ ...running, creditsAvailable: false }, now)).toMatchObject({
      state: 2,
      status: 1,
      reason: 'NO_CREDIT',
    })
    expect(nextCampaignState({ ...running, state: 2, status: 1 }, now)).toMatchObject({ state: 1, status: 1 })
    expect(
      nextCampaignState({ ...running, creditsAvailable: false, todaySpend: 1000, lifetimeSpend: 1000 }, now),
    ).toMatchObject({ state: 8, status: 1 })
    expect(
      nextCampaignState({ ...running, creditsAvailable: false, todaySpend: 0, lifetimeSpend: 2500 }, now),
    ).toMatchObject({ state: 9, status: 1 })
    // Privilege campaigns do not draw on credit.
    expect(
      nextCampaignState({ ...running, campaignClass: 'Privilege', creditsAvailable: false }, now),
    ).toBeNull()
  })

  it('leaves manual pauses, archived, expired and missing states alone', () => {
    const now = at('2026-03-10T06:00:00Z')
    expect(nextCampaignState({ ...base, state: 2, status: 0, creditsAvailable: false }, now)).toBeNull()
    expect(nextCampaignState({ ...base, state: 8, status: 0 }, now)).toBeNull()
    for (const state of [3, 7, null]) expect(nextCampaignState({ ...base, state }, now)).toBeNull()
  })

  it('does not flip between the two spellings of a reached limit (4/8, 5/9)', () => {
    const now = at('2026-03-10T06:00:00Z')
    const daily = { ...base, todaySpend: 1000, lifetimeSpend: 1000 }
    expect(nextCampaignState({ ...daily, state: 8 }, now)).toBeNull()
    expect(nextCampaignState({ ...daily, state: 4, creditsAvailable: false }, now)).toBeNull()
    const total = { ...base, lifetimeSpend: 2500 }
    expect(nextCampaignState({ ...total, state: 9 }, now)).toBeNull()
    expect(nextCampaignState({ ...total, state: 4 }, now)).toMatchObject({ state: 5 })
    expect(nextCampaignState({ ...base, state: 8 }, now)).toMatchObject({ state: 1 })
  })

  it('treats a daily limit of -1 and a null total budget as no limit', () => {
    const now = at('2026-03-10T06:00:00Z')
    const open = { ...base, state: 1, budgetDailyLimit: -1, budgetTotalLimit: null, expireTime: null }
    expect(nextCampaignState({ ...open, todaySpend: 10 ** 9, lifetimeSpend: 10 ** 10 }, now)).toBeNull()
  })
})
