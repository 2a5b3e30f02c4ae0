// The patch of drizzle-orm's `is` (patches/, docs/decisions/075): the answer for a value's class and a
// type is remembered. These tests hold it to the unpatched rule, which is spelled out below.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import {
  Column,
  entityKind,
  is,
  Name,
  Param,
  Placeholder,
  SQL,
  sql,
  StringChunk,
  Table,
  View,
} from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { campaigns } from './schema'

/** drizzle-orm 0.45's `is`, unpatched: instanceof, else a class in the value's chain of the same kind. */
function unpatchedIs(value: unknown, type: { [entityKind]?: string }): boolean {
  if (!value || typeof value !== 'object') return false
  if (value instanceof (type as unknown as new () => unknown)) return true
  let cls = Object.getPrototypeOf(value).constructor
  while (cls) {
    if (entityKind in cls && cls[entityKind] === type[entityKind]) return true
    cls = Object.getPrototypeOf(cls)
  }
  return false
}

describe("drizzle-orm's is(), patched", () => {
  it('is the installed one, in both module formats (npm install applies patches/)', () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('drizzle-orm'))
    for (const file of ['entity.js', 'entity.cjs'])
      expect(readFileSync(path.join(dir, file), 'utf8')).toContain('docs/decisions/075')
  })

  it('answers as unpatched, the first time and every time after', () => {
    // A class of another copy of drizzle: not a subclass, but the same entity kind as SQL.
    class ForeignSql {
      static readonly [entityKind] = (SQL as unknown as { [entityKind]: string })[entityKind]
      readonly copy = 'another'
    }
    class MySql extends SQL {
      static override readonly [entityKind]: string = 'MySql'
    }
    const values: unknown[] = [
      sql`select 1`,
      new MySql([]),
      new ForeignSql(),
      new Param(1),
      new Placeholder('p'),
      new Name('n'),
      new StringChunk('s'),
      campaigns,
      campaigns.id,
      {},
      [],
      new Date(0),
      null,
      'text',
      7,
    ]
    const types = [SQL, MySql, Param, Placeholder, Name, StringChunk, Table, Column, View]
    for (let round = 0; round < 3; round++)
      for (const value of values)
        for (const type of types) expect([round, is(value, type)]).toEqual([round, unpatchedIs(value, type)])
    // The cases that matter most: a foreign copy's class counts by its kind, a subclass as its parent.
    expect(is(new ForeignSql(), SQL)).toBe(true)
    expect(is(new MySql([]), SQL)).toBe(true)
    expect(is(sql`x`, MySql)).toBe(false)
    expect(is(campaigns.id, Column)).toBe(true)
    expect(is(campaigns.id, Table)).toBe(false)
  })
})
