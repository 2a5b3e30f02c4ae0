import { describe, expect, it } from 'vitest'
import { isBrandId, LINK_STATUSES, linkStatusLabel, linkStatusTone } from './links'

describe('link rules', () => {
  it('colours the linking history as spec §4 says: green APPROVED, red REJECTED or DELINKED, amber otherwise', () => {
    expect(Object.fromEntries(LINK_STATUSES.map((s) => [s, linkStatusTone(s)]))).toEqual({
      PENDING: 'amber',
      APPROVED: 'green',
      REJECTED: 'red',
      DELINKED: 'red',
    })
    expect(linkStatusTone('SOMETHING_NEW')).toBe('amber')
  })

  it('names every status in words (never colour alone)', () => {
    expect(LINK_STATUSES.map(linkStatusLabel)).toEqual(['Pending', 'Approved', 'Rejected', 'De-linked'])
    expect(linkStatusLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW')
  })

  it('takes a brand id of digits only, at most 15', () => {
    expect(['1', '200001', '123456789012345'].every(isBrandId)).toBe(true)
    expect(['', '12a', ' 1', '-1', '1.5', '1234567890123456'].some(isBrandId)).toBe(false)
  })
})
