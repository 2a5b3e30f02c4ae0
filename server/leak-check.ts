// What an error answer (a page or the API's JSON) must never show a client: a stack trace, SQL, a table,
// constraint or index name, an internal file path, an exception class name (issue 14, Security;
// decision 052). Used by server/error-leaks.test.ts, server/headers.test.ts and the e2e error specs.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { projectPath } from '../platform/paths'

/** Names the migrations give the database's tables, constraints and indexes. */
function schemaNames(): { tables: string[]; constraints: string[] } {
  const dir = projectPath('platform/db/migrations')
  const sql = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n')
  const all = (pattern: RegExp) => [...new Set([...sql.matchAll(pattern)].map((m) => m[1]!))]
  return {
    tables: all(/CREATE TABLE (?:IF NOT EXISTS )?"(\w+)"/g),
    constraints: all(/(?:CONSTRAINT|INDEX(?: IF NOT EXISTS)?) "(\w+)"/g),
  }
}

const SQL_PATTERNS: [string, RegExp][] = [
  ['a failed query (Drizzle)', /Failed query/i],
  ['query parameters', /\bparams:/],
  ['a SELECT', /\bselect\b[^<>\n]{0,300}\bfrom\s+"/i],
  ['an INSERT', /\binsert\s+into\b/i],
  ['an UPDATE', /\bupdate\s+"\w+"\s+set\b/i],
  ['a DELETE', /\bdelete\s+from\b/i],
  ['a quoted table.column', /"\w+"\."\w+"/],
  ['a unique violation', /duplicate key value/i],
  ['a constraint violation', /violates [\w ]*constraint/i],
  ['a relation', /\brelation "\w+"/i],
  ['a PostgreSQL syntax error', /syntax error at or near/i],
  [
    'a PostgreSQL range error',
    /out of range for type|field value out of range|invalid input syntax for type/i,
  ],
  ['an SQLSTATE', /\bSQLSTATE\b/],
]

const STACK_PATTERNS: [string, RegExp][] = [
  ['a stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:\/\/|\/)[^\s)]*:\d+:\d+\)?/],
  ['a stack frame line', /\n\s+at \S/],
  ['a source position', /\.(?:ts|tsx|js|mjs|cjs):\d+(?::\d+)?\b/],
]

const PATH_PATTERNS: [string, RegExp][] = [
  ['node_modules', /node_modules/],
  ['the server build', /\bbuild\/(?:server|index\.js)/],
  ['a file URL', /file:\/\//],
]

/** Exception class names: TypeError, ZodError, DrizzleQueryError, DatabaseError, HTTPException… */
const EXCEPTION_CLASS = /\b(?!SanitizedError\b)[A-Z][A-Za-z]*(?:Error|Exception)\b/
// (Remix's SanitizedError is the placeholder production puts in place of a route's error: it names no
// class of ours and carries only "Unexpected Server Error".)

let names: ReturnType<typeof schemaNames> | undefined

/**
 * Why `body` leaks something internal, one line per finding; empty when it is clean. Table names of one
 * plain word (users, campaigns) are words a page may say: they count only inside SQL (matched above);
 * names with an underscore (audit_log) and every constraint and index name count anywhere.
 */
export function leaksIn(body: string): string[] {
  names ??= schemaNames()
  const found: string[] = []
  const check = (what: string, pattern: RegExp) => {
    const match = pattern.exec(body)
    if (match) found.push(`${what}: …${body.slice(Math.max(0, match.index - 40), match.index + 80)}…`)
  }
  for (const [what, pattern] of [...SQL_PATTERNS, ...STACK_PATTERNS, ...PATH_PATTERNS]) check(what, pattern)
  check('an exception class name', EXCEPTION_CLASS)
  const root = projectPath()
  if (body.includes(root)) found.push(`the project's directory ${root}`)
  if (/\/work\//.test(body)) found.push('a /work/ path')
  for (const name of [...names.tables.filter((t) => t.includes('_')), ...names.constraints]) {
    check(`the database name ${name}`, new RegExp(`\\b${name}\\b`))
  }
  return found
}

/** How many schema names leaksIn looks for (a test checks the list is not empty). */
export function schemaNameCount(): number {
  names ??= schemaNames()
  return names.tables.length + names.constraints.length
}
