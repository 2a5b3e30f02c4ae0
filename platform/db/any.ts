import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm'

/**
 * `expr = ANY($1::type[])`: a list of any length sent as one array parameter. Drizzle's `inArray` sends
 * one parameter per value, and building those is most of the cost of a statement over hundreds of
 * values (the editor's keyword facts; decision 073). An empty list matches nothing, as `IN ()` would.
 */
export function equalsAny(
  expr: SQLWrapper,
  values: readonly (string | number)[] | Placeholder,
  type: 'bigint' | 'integer' | 'smallint' | 'text',
): SQL {
  const list = Array.isArray(values) ? sql.param([...values]) : values
  return sql`${expr} = any(${list}::${sql.raw(type)}[])`
}
