import { describe, expect, it } from 'vitest'
import {
  availableCredits,
  CampaignState,
  campaignStateLabel,
  creditsEnabled,
  iconStateTitle,
  rowAction,
} from './campaigns'

describe('campaign state labels', () => {
  it('labels states 1..9 and shows NULL for a missing or unknown state', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(campaignStateLabel)).toEqual([
      'Running',
      'Paused',
      'Archived',
      'Daily Limit Reached',
      'Total Limit Reached',
      'Scheduled Paused',
      'Expired',
      'Daily Budget Limit Reached',
      'Total Budget Limit Reached',
    ])
    expect(campaignStateLabel(null)).toBe('NULL')
    expect(campaignStateLabel(undefined)).toBe('NULL')
    expect(campaignStateLabel(12)).toBe('NULL')
  })

  it('titles the icon states by status', () => {
    expect(iconStateTitle(8, 0)).toBe('Paused manually')
    expect(iconStateTitle(9, 1)).toBe('Paused due to out of budget')
    expect(iconStateTitle(1, 1)).toBeNull()
  })
})

describe('row actions', () => {
  const sponsored = 'Sponsored' as const
  it('offers Play on state 2 status 0 and Pause on state 1 status 1, nothing else', () => {
    expect(rowAction('SELLER', { state: 2, status: 0, campaignClass: sponsored })).toBe('PLAY')
    expect(rowAction('SELLER', { state: 1, status: 1, campaignClass: sponsored })).toBe('PAUSE')
    expect(rowAction('SELLER', { state: 2, status: 1, campaignClass: sponsored })).toBeNull()
    expect(rowAction('SELLER', { state: 1, status: 0, campaignClass: sponsored })).toBeNull()
    for (const state of [null, 3, 4, 5, 6, 7, 8, 9]) {
      expect(rowAction('OPS', { state, status: 1, campaignClass: sponsored })).toBeNull()
      expect(rowAction('OPS', { state, status: 0, campaignClass: sponsored })).toBeNull()
    }
  })

  it('gives BRAND and SELLER no action on Privilege campaigns, others keep theirs', () => {
    const running = { state: CampaignState.Running, status: 1, campaignClass: 'Privilege' as const }
    expect(rowAction('BRAND', running)).toBeNull()
    expect(rowAction('SELLER', running)).toBeNull()
    expect(rowAction('AGENCY', running)).toBe('PAUSE')
    expect(rowAction('SUPERADMIN', running)).toBe('PAUSE')
    expect(rowAction('OPS', { ...running, state: 2, status: 0 })).toBe('PLAY')
  })
})

describe('credits', () => {
  it('is limit + promo + payments − spend in paise, enabled only above zero', () => {
    expect(
      availableCredits({ creditLimit: 100_00, promoCredits: 50_00, payments: 25_00, spend: 175_00 }),
    ).toBe(0)
    expect(availableCredits({ creditLimit: 1_000_00, promoCredits: 0, payments: 1, spend: 0 })).toBe(1_000_01)
    expect(creditsEnabled(0)).toBe(false)
    expect(creditsEnabled(-5)).toBe(false)
    expect(creditsEnabled(1)).toBe(true)
  })
  it('refuses fractional amounts', () => {
    expect(() => availableCredits({ creditLimit: 1.5, promoCredits: 0, payments: 0, spend: 0 })).toThrow(
      RangeError,
    )
  })
})
