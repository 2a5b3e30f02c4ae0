import { describe, expect, it } from 'vitest'
import { CAMPAIGN_LIST, listSearch, parseListQuery } from './campaign-list'
import {
  defaultListState,
  defineList,
  enumFilter,
  isFiltered,
  keptParams,
  parseListState,
  search,
  textFilter,
} from './list-state'

const USERS = defineList({
  filters: {
    q: textFilter({ maxLength: 20 }),
    role: enumFilter(['ALL', 'OPS', 'SELLER'], 'ALL'),
  },
  sortFields: ['name', 'createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'asc',
  pageSizes: [5, 10, 15],
  defaultPageSize: 5,
})

const parse = (query: string) => parseListState(USERS, new URLSearchParams(query))

describe('parseListState', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual({ q: '', role: 'ALL', sort: 'createdAt', direction: 'asc', page: 1, size: 5 })
  })

  it('reads good values, trimming text', () => {
    expect(parse('q=%20ann%20&role=OPS&sort=name&direction=desc&page=3&size=15')).toEqual({
      q: 'ann',
      role: 'OPS',
      sort: 'name',
      direction: 'desc',
      page: 3,
      size: 15,
    })
  })

  it('falls back to each default for a bad value and keeps the good ones', () => {
    expect(parse('q=ok&role=ROOT&sort=password&direction=sideways&page=0&size=7')).toEqual({
      q: 'ok',
      role: 'ALL',
      sort: 'createdAt',
      direction: 'asc',
      page: 1,
      size: 5,
    })
    expect(parse(`q=${'x'.repeat(21)}`).q).toBe('')
    for (const page of ['-2', '1.5', 'abc', '', '1e400', '99999999999999999999']) {
      expect(parse(`page=${page}`).page).toBe(1)
    }
  })

  it('never throws, whatever the query', () => {
    const nasty = [
      'page=%00',
      'size=__proto__',
      '__proto__=x&constructor=y',
      'role=&role=OPS',
      'q=%F0%9F%98%80'.repeat(3),
      'sort[]=name',
      `page=${'9'.repeat(5000)}`,
    ]
    for (const query of nasty) expect(() => parse(query)).not.toThrow()
    expect(parse('role=&role=OPS').role).toBe('ALL') // the first value counts, as a form sends it
    expect(parse('q=%F0%9F%98%80').q).toBe('😀')
  })
})

describe('search', () => {
  it('leaves defaults out, so the default state is the bare path', () => {
    expect(search(USERS, defaultListState(USERS))).toBe('')
    expect(search(USERS, defaultListState(USERS), { page: 2 })).toBe('?page=2')
    expect(search(USERS, defaultListState(USERS), { sort: 'name', direction: 'desc' })).toBe(
      '?sort=name&direction=desc',
    )
  })

  it('round-trips: parsing the link gives back the state', () => {
    const states = [
      { q: 'a b&c=d', role: 'SELLER', sort: 'name', direction: 'desc', page: 4, size: 10 },
      { q: '', role: 'ALL', sort: 'createdAt', direction: 'asc', page: 1, size: 5 },
      { q: 'ünïcødé?#', role: 'OPS', sort: '', direction: 'asc', page: 2, size: 15 },
    ] as const
    for (const state of states) expect(parse(search(USERS, state).slice(1))).toEqual(state)
  })

  it('keeps a text filter with onlyWhen only while its condition holds (campaign custom dates)', () => {
    const custom = parseListQuery(
      new URLSearchParams('dateFilterType=CUSTOM&fromDate=2026-11-01&toDate=2026-11-05'),
    )
    expect(listSearch(custom)).toBe('?dateFilterType=CUSTOM&fromDate=2026-11-01&toDate=2026-11-05')
    expect(listSearch(custom, { dateFilterType: 'LAST_7D' })).toBe('?dateFilterType=LAST_7D')
    expect(parseListQuery(new URLSearchParams(listSearch(custom)))).toEqual(custom)
  })

  it("gives the campaign list's URLs as before the kit", () => {
    const query = parseListQuery(new URLSearchParams('status=Scheduled Paused&sort=spend&size=50&page=2'))
    expect(listSearch(query)).toBe('?status=Scheduled+Paused&sort=spend&page=2&size=50')
    expect(listSearch(query, { sort: 'budget', direction: 'asc', page: 1 })).toBe(
      '?status=Scheduled+Paused&sort=budget&direction=asc&size=50',
    )
    expect(parseListQuery(new URLSearchParams('dateFilterType=YESTERDAY&size=25'))).toMatchObject({
      dateFilterType: 'LAST_1D',
      size: 10,
    })
  })
})

describe('isFiltered and keptParams', () => {
  it('tells a filtered state from the defaults, paging aside', () => {
    expect(isFiltered(USERS, parse('page=3&size=15&sort=name'))).toBe(false)
    expect(isFiltered(USERS, parse('role=OPS'))).toBe(true)
    expect(isFiltered(CAMPAIGN_LIST, parseListQuery(new URLSearchParams('fromDate=2026-01-01')))).toBe(false)
  })

  it('lists the non-default parameters among the keys to keep', () => {
    expect(keptParams(USERS, parse('q=ann&sort=name&page=2&size=10'), ['sort', 'direction', 'size'])).toEqual(
      [
        ['sort', 'name'],
        ['size', '10'],
      ],
    )
  })
})

describe('defineList', () => {
  it('refuses a filter named like a paging key and a default page size it does not offer', () => {
    expect(() =>
      defineList({ filters: { page: textFilter() }, sortFields: [], pageSizes: [10], defaultPageSize: 10 }),
    ).toThrow("filter 'page' is a paging key")
    expect(() => defineList({ filters: {}, sortFields: [], pageSizes: [10], defaultPageSize: 20 })).toThrow(
      'default page size 20 is not offered',
    )
  })
})
