// A list page's state as its URL (docs/decisions/016): filters, sort, direction, page and rows per
// page are query parameters, so a filtered page works without JavaScript, survives reload and can be
// shared. Each list describes its own filters once; the loader parses the URL with it (a bad value
// falls back to its default: never an error) and the page builds its links with `search`.
//
// Shared by loaders, pages and tests, so no `.server`. The schema is `zod/v4-mini` and is built only
// inside `parseListState`: a page that imports `search` alone ships no zod at all (the route budget is
// 100 KiB of JavaScript).
import * as z from 'zod/v4-mini'

export type SortDirection = 'asc' | 'desc'

/** One of a fixed set of values (a select). */
export type EnumFilter<V extends string = string> = { kind: 'enum'; values: readonly V[]; fallback: V }

/**
 * Free text (a search box, a date input). Trimmed; over `maxLength` falls back to ''. With `onlyWhen`
 * the value goes into links only while another filter has that value (custom dates with Custom).
 */
export type TextFilter = { kind: 'text'; maxLength?: number; onlyWhen?: { key: string; is: string } }

export type FilterSpec = EnumFilter | TextFilter

export type ListDescription = {
  filters: Record<string, FilterSpec>
  sortFields: readonly string[]
  /** '' leaves the order to the service (its default, e.g. newest first). */
  defaultSort?: string
  defaultDirection?: SortDirection
  pageSizes: readonly number[]
  defaultPageSize: number
}

type FilterValue<F> = F extends EnumFilter<infer V> ? V : string

export type ListState<D extends ListDescription> = {
  -readonly [K in keyof D['filters']]: FilterValue<D['filters'][K]>
} & {
  sort: D['sortFields'][number] | ''
  direction: SortDirection
  page: number
  size: number
}

/** The keys a list's state always has besides its filters; a filter may not take one of them. */
export const PAGING_KEYS = ['sort', 'direction', 'page', 'size'] as const

export const enumFilter = <const V extends string>(values: readonly V[], fallback: V): EnumFilter<V> => ({
  kind: 'enum',
  values,
  fallback,
})

export const textFilter = (options: Omit<TextFilter, 'kind'> = {}): TextFilter => ({
  kind: 'text',
  ...options,
})

/** Declares a list; checks once that no filter shadows a paging key and the defaults are allowed. */
export function defineList<const D extends ListDescription>(description: D): D {
  for (const key of Object.keys(description.filters)) {
    if ((PAGING_KEYS as readonly string[]).includes(key)) throw new Error(`filter '${key}' is a paging key`)
  }
  if (!description.pageSizes.includes(description.defaultPageSize)) {
    throw new Error(`default page size ${description.defaultPageSize} is not offered`)
  }
  const sort = description.defaultSort ?? ''
  if (sort && !description.sortFields.includes(sort)) throw new Error(`default sort '${sort}' is unknown`)
  return description
}

/** The state with nothing chosen: every filter's default, page 1. */
export function defaultListState<D extends ListDescription>(description: D): ListState<D> {
  const state: Record<string, string | number> = {}
  for (const [key, spec] of Object.entries(description.filters)) {
    state[key] = spec.kind === 'enum' ? spec.fallback : ''
  }
  state.sort = description.defaultSort ?? ''
  state.direction = description.defaultDirection ?? 'desc'
  state.page = 1
  state.size = description.defaultPageSize
  return state as ListState<D>
}

function filterSchema(spec: FilterSpec) {
  if (spec.kind === 'enum') return z.catch(z.enum(spec.values as [string, ...string[]]), spec.fallback)
  const text = z.string().check(z.trim())
  return z.catch(spec.maxLength === undefined ? text : text.check(z.maxLength(spec.maxLength)), '')
}

// One schema per list description (they are module constants), not one per request.
const stateSchemas = new WeakMap<ListDescription, z.ZodMiniType>()

function stateSchema(description: ListDescription) {
  const known = stateSchemas.get(description)
  if (known) return known
  const schema = buildStateSchema(description)
  stateSchemas.set(description, schema)
  return schema
}

function buildStateSchema(description: ListDescription) {
  const defaults = defaultListState(description)
  const shape: Record<string, z.ZodMiniType> = {}
  for (const [key, spec] of Object.entries(description.filters)) shape[key] = filterSchema(spec)
  shape.sort = z.catch(z.enum(['', ...description.sortFields] as [string, ...string[]]), defaults.sort)
  shape.direction = z.catch(z.enum(['asc', 'desc']), defaults.direction)
  shape.page = z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)), 1)
  shape.size = z.catch(
    z.coerce.number().check(z.refine((n) => description.pageSizes.includes(n))),
    defaults.size,
  )
  return z.object(shape)
}

/**
 * Reads a list's state from a URL's query. Never throws: a missing, unknown or malformed value is its
 * default. A repeated parameter counts once (its first value), as a form sends it.
 */
export function parseListState<D extends ListDescription>(
  description: D,
  params: URLSearchParams,
): ListState<D> {
  const input: Record<string, string | undefined> = {}
  for (const key of [...Object.keys(description.filters), ...PAGING_KEYS]) {
    input[key] = params.get(key) ?? undefined
  }
  const parsed = stateSchema(description).safeParse(input)
  return parsed.success ? (parsed.data as ListState<D>) : defaultListState(description)
}

/**
 * The query string of a list state ('?…', or '' for the defaults), leaving defaults out so links stay
 * short and one state has one URL; `changes` override `state`.
 */
export function search<D extends ListDescription>(
  description: D,
  state: ListState<D>,
  changes: Partial<ListState<D>> = {},
): string {
  const next: Record<string, unknown> = { ...state, ...changes }
  const defaults: Record<string, unknown> = defaultListState(description)
  const params = new URLSearchParams()
  for (const [key, spec] of Object.entries(description.filters)) {
    if (spec.kind === 'text' && spec.onlyWhen && next[spec.onlyWhen.key] !== spec.onlyWhen.is) continue
    if (next[key] !== defaults[key]) params.set(key, String(next[key]))
  }
  for (const key of PAGING_KEYS) {
    if (next[key] !== defaults[key]) params.set(key, String(next[key]))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** Whether any filter differs from its default (an empty page then means "nothing matches"). */
export function isFiltered<D extends ListDescription>(description: D, state: ListState<D>): boolean {
  const defaults: Record<string, unknown> = defaultListState(description)
  const current: Record<string, unknown> = state
  return Object.entries(description.filters).some(([key, spec]) => {
    if (spec.kind === 'text' && spec.onlyWhen && current[spec.onlyWhen.key] !== spec.onlyWhen.is) return false
    return current[key] !== defaults[key]
  })
}

/**
 * The parameters of a state's URL among `keys`, as [name, value] pairs: what a GET form that changes
 * the other parameters must carry as hidden inputs to keep them.
 */
export function keptParams<D extends ListDescription>(
  description: D,
  state: ListState<D>,
  keys: readonly (keyof ListState<D> & string)[],
): [string, string][] {
  const params = new URLSearchParams(search(description, state))
  return keys.flatMap((key) => {
    const value = params.get(key)
    return value === null ? [] : [[key, value] as [string, string]]
  })
}
