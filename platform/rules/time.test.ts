import { tzOffset } from '@date-fns/tz'
import { addDays as addCalendarDays, differenceInCalendarDays, formatISO, isValid, parseISO } from 'date-fns'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import {
  addDays,
  campaignEndTime,
  campaignStartTime,
  daysBetween,
  IST_OFFSET_MS,
  isCalendarDate,
  istDate,
  istDateTime,
  istDayFraction,
  istEndOfDay,
  istStartOfDay,
  nextIstMidnight,
} from './time'

describe('India Standard Time', () => {
  it('is UTC+05:30 with no daylight saving, as the time-zone database says for 1950 to 2100', () => {
    const offsets = new Set<number>()
    for (let year = 1950; year <= 2100; year++) {
      for (const month of [0, 3, 6, 9])
        offsets.add(tzOffset('Asia/Kolkata', new Date(Date.UTC(year, month, 15))))
    }
    expect([...offsets]).toEqual([330])
    expect(IST_OFFSET_MS).toBe(330 * 60 * 1000)
  })

  // 2026-03-10 20:00 UTC is 2026-03-11 01:30 IST.
  const now = new Date('2026-03-10T20:00:00Z')
  it('dates instants in IST: the day turns at 18:30 UTC', () => {
    expect(istDate(now)).toBe('2026-03-11')
    expect(istDate(new Date('2026-03-10T18:29:59.999Z'))).toBe('2026-03-10')
    expect(istDate(new Date('2026-03-10T18:30:00Z'))).toBe('2026-03-11')
    expect(istDateTime(now)).toBe('2026-03-11 01:30:00')
    expect(istDateTime(new Date('2026-12-31T18:29:59Z'))).toBe('2026-12-31 23:59:59')
  })

  it('starts today at now + 2 minutes and any other day at 00:00:00 IST', () => {
    expect(campaignStartTime('2026-03-11', now).toISOString()).toBe('2026-03-10T20:02:00.000Z')
    expect(campaignStartTime('2026-03-15', now).toISOString()).toBe('2026-03-14T18:30:00.000Z')
    expect(istStartOfDay('2026-01-01').toISOString()).toBe('2025-12-31T18:30:00.000Z')
  })

  it('ends at 23:59:59 IST, Lifetime stays null', () => {
    expect(campaignEndTime('2026-03-15')?.toISOString()).toBe('2026-03-15T18:29:59.000Z')
    expect(istEndOfDay('2028-02-29').toISOString()).toBe('2028-02-29T18:29:59.000Z')
    expect(campaignEndTime(null)).toBeNull()
  })

  it('finds the next IST midnight, across a month and a year end', () => {
    expect(nextIstMidnight(now).toISOString()).toBe('2026-03-11T18:30:00.000Z')
    expect(nextIstMidnight(new Date('2026-01-31T18:29:59Z')).toISOString()).toBe('2026-01-31T18:30:00.000Z')
    expect(nextIstMidnight(new Date('2026-12-31T18:30:00Z')).toISOString()).toBe('2027-01-01T18:30:00.000Z')
  })

  it('measures the share of the IST day that has passed', () => {
    expect(istDayFraction(new Date('2026-03-10T18:30:00Z'))).toBe(0)
    expect(istDayFraction(new Date('2026-03-11T06:30:00Z'))).toBe(0.5)
    expect(istDayFraction(new Date('1969-12-31T18:30:00Z'))).toBe(0)
  })
})

describe('calendar days', () => {
  // The arithmetic is our own (no date-fns in the browser bundle); it must agree with date-fns everywhere.
  const day = fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2199-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10))
  it('agrees with date-fns on adding and counting days', () => {
    fc.assert(
      fc.property(day, day, fc.integer({ min: -5000, max: 5000 }), (a, b, n) => {
        expect(addDays(a, n)).toBe(formatISO(addCalendarDays(parseISO(a), n), { representation: 'date' }))
        expect(daysBetween(a, b)).toBe(differenceInCalendarDays(parseISO(b), parseISO(a)))
      }),
      { numRuns: 2000 },
    )
  })
  it('agrees with date-fns on which YYYY-MM-DD strings are real dates', () => {
    const digits = (n: number, max: number) =>
      fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, '0'))
    fc.assert(
      fc.property(digits(4, 9999), digits(2, 19), digits(2, 39), (y, m, d) => {
        const text = `${y}-${m}-${d}`
        expect(isCalendarDate(text), text).toBe(isValid(parseISO(text)))
      }),
      { numRuns: 5000 },
    )
  })

  it('adds days across month ends, year ends and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10')
    expect(addDays('2026-03-10', -365)).toBe('2025-03-10')
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01')
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29')
  })

  it('counts whole days between two dates, either way round', () => {
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364)
    expect(daysBetween('2028-01-01', '2028-12-31')).toBe(365)
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9)
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1)
  })

  it('tells real calendar dates from look-alikes', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true)
    expect(isCalendarDate('2026-12-31')).toBe(true)
    for (const bad of [
      '2026-02-29',
      '2026-02-30',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-3-1',
      '10/03/2026',
      '',
    ]) {
      expect(isCalendarDate(bad), bad).toBe(false)
    }
  })

  describe('whatever the server clock time zone', () => {
    const original = process.env.TZ
    afterEach(() => {
      process.env.TZ = original
    })
    // Chile's clocks skip midnight when daylight saving starts; New York's skip 02:00.
    for (const zone of ['America/Santiago', 'America/New_York', 'Pacific/Kiritimati']) {
      it(`keeps the same calendar in ${zone}`, () => {
        process.env.TZ = zone
        expect(addDays('2026-09-05', 1)).toBe('2026-09-06')
        expect(addDays('2026-03-07', 2)).toBe('2026-03-09')
        expect(addDays('2026-11-01', -1)).toBe('2026-10-31')
        expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31)
        expect(istDate(new Date('2026-09-05T18:30:00Z'))).toBe('2026-09-06')
      })
    }
  })
})
