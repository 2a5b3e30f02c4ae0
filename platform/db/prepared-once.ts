// Statements built once (decisions 074 and 079): drizzle builds a statement's SQL text from its tree on
// every call, 5-9 % of a list page's server CPU. A statement whose values are placeholders
// (sql.placeholder) is built once per database handle and shape, and each call runs it with its values.
// Unnamed on the server (prepare('')): a named statement would outlive a client's connection on the
// embedded database, whose one backend serves every connection in turn.

const built = new WeakMap<object, Map<string, unknown>>()

/**
 * The statement `key` names for this database handle, built by `build` the first time. The key must
 * name everything that changes the statement's text (filters present, order, paging), never a value.
 */
export function preparedOnce<T>(db: object, key: string, build: () => T): T {
  let statements = built.get(db)
  if (!statements) {
    statements = new Map()
    built.set(db, statements)
  }
  let statement = statements.get(key) as T | undefined
  if (statement === undefined) {
    statement = build()
    statements.set(key, statement)
  }
  return statement
}
