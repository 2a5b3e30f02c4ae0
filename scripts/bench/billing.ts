// `npm run bench -- --only=billing` (issue 13 "Done when"; docs/decisions/049): a 25 MB payments file
// (platform/testing/payments-file.ts, every advertiser of the demo data, ~390k rows) imported through the
// payment service's upload call IN-PROCESS (`platform.fetch` with the same multipart body a client sends
// over HTTP, the file read from disk as it is sent), beside two bare loads of the same rows into the same
// table: `COPY payments (…) FROM STDIN` (PostgreSQL: the COPY protocol through `pg`; PGlite: COPY … FROM
// '/dev/blob') and one `INSERT … SELECT FROM unnest(arrays)`. The bare loads use their own transaction ids
// (same length, another prefix), run first and commit, so the import meets the larger table. Figures:
// rows, MB, seconds, rows/s, peak RSS and heap of this process (it runs the import; on PGlite the
// database too), and the import's two passes (validate, then apply: split at its 'billing import
// applying' log line). Targets (OVER when missed): import ≤ 5× the bare COPY, peak heap ≤ 128 MiB.
// On PGlite always (a data directory of its own under .tmp/bench), on PostgreSQL when DATABASE_URL is
// set (a database of its own, adc_bench_billing, dropped afterwards).
import { once } from 'node:events'
import { mkdirSync, openAsBlob, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { createPlatform } from '../../platform'
import { createSession } from '../../platform/auth/sessions'
import { BILLING_UPLOADS } from '../../platform/contracts/billing'
import { type DatabaseHandle, openDatabase } from '../../platform/db/client'
import { demoUser, seedDemo } from '../../platform/db/seed'
import { PAYMENTS_BASE } from '../../platform/payments'
import { projectPath } from '../../platform/paths'
import { addDays, istDate, istStartOfDay } from '../../platform/rules/time'
import {
  type PaymentsFileOptions,
  type PaymentsFileSummary,
  paymentRows,
  writePaymentsFile,
} from '../../platform/testing/payments-file'
import { adminUrl, dropDatabase, ensurePgliteTemplate } from '../../platform/testing/template'
import { reportsTable } from './table'

const FILE_BYTES = 26_214_400
const PG_DATABASE = 'adc_bench_billing'
const TARGET_RATIO = 5
const TARGET_HEAP_MIB = 128
const COLUMNS = 'seller_id, transaction_id, amount, paid_at, note'

const MiB = 1024 * 1024
const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`

type Measured = { ms: number; rss: number; heap: number; rssBefore: number }

/** Wall time and peak RSS / heap of this process while `work` runs (sampled every 5 ms and at the end). */
async function measure(work: () => Promise<void>): Promise<Measured> {
  const before = process.memoryUsage()
  let rss = before.rss
  let heap = before.heapUsed
  const sample = () => {
    const m = process.memoryUsage()
    rss = Math.max(rss, m.rss)
    heap = Math.max(heap, m.heapUsed)
  }
  const timer = setInterval(sample, 5)
  const started = performance.now()
  try {
    await work()
    sample()
    return { ms: performance.now() - started, rss, heap, rssBefore: before.rss }
  } finally {
    clearInterval(timer)
  }
}

const fileOptions = (sellerIds: number[], prefix: string): PaymentsFileOptions => ({
  sellerIds,
  maxBytes: FILE_BYTES,
  prefix,
  paymentDate: addDays(istDate(new Date()), -1),
  note: 'Bench payment (NEFT)',
})

/** The same rows as the file, as the table stores them (paise, IST midnight), under another id prefix. */
function copyChunks(options: PaymentsFileOptions, rows: number): Buffer[] {
  const paidAt = istStartOfDay(options.paymentDate).toISOString()
  const chunks: Buffer[] = []
  let text = ''
  for (const row of paymentRows(options, rows)) {
    text += `${row.sellerId},${row.transactionId},${row.amountPaise},${paidAt},${row.note}\n`
    if (text.length >= 64 * 1024) {
      chunks.push(Buffer.from(text))
      text = ''
    }
  }
  if (text) chunks.push(Buffer.from(text))
  return chunks
}

function unnestParams(options: PaymentsFileOptions, rows: number) {
  const paidAt = istStartOfDay(options.paymentDate).toISOString()
  const sellers: number[] = []
  const ids: string[] = []
  const amounts: number[] = []
  const dates: string[] = []
  const notes: string[] = []
  for (const row of paymentRows(options, rows)) {
    sellers.push(row.sellerId)
    ids.push(row.transactionId)
    amounts.push(row.amountPaise)
    dates.push(paidAt)
    notes.push(row.note)
  }
  return [sellers, ids, amounts, dates, notes]
}

const UNNEST_SQL = `insert into payments (${COLUMNS})
  select * from unnest($1::bigint[], $2::text[], $3::bigint[], $4::timestamptz[], $5::text[])`

/**
 * `COPY … FROM STDIN` over `pg`'s connection (pg-copy-streams is not installed): a submittable query that
 * answers the server's CopyInResponse with CopyData messages, then CopyDone.
 */
class CopyFromStdin {
  readonly done: Promise<number>
  private resolve!: (rows: number) => void
  private reject!: (error: Error) => void
  private rows = 0
  constructor(
    readonly text: string,
    private readonly chunks: Buffer[],
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
    })
  }
  submit(connection: { query: (text: string) => void }) {
    connection.query(this.text)
  }
  async handleCopyInResponse(connection: {
    sendCopyFromChunk: (chunk: Buffer) => void
    endCopyFrom: () => void
    stream: NodeJS.WritableStream & { writableNeedDrain?: boolean }
  }) {
    for (const chunk of this.chunks) {
      connection.sendCopyFromChunk(chunk)
      if (connection.stream.writableNeedDrain) await once(connection.stream, 'drain')
    }
    connection.endCopyFrom()
  }
  handleCommandComplete(message: { text?: string; command?: string; rowCount?: number }) {
    this.rows = Number(message.rowCount ?? /\d+$/.exec(message.text ?? '')?.[0] ?? 0)
  }
  handleError(error: Error) {
    this.reject(error)
  }
  handleReadyForQuery() {
    this.resolve(this.rows)
  }
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handleCopyData() {}
  handlePortalSuspended() {}
}

/** The upload call in-process, as a client sends it over HTTP; the two passes timed from its log lines. */
async function importThroughPlatform(handle: DatabaseHandle, dataDir: string, token: string, file: string) {
  const platform = createPlatform({
    database: handle,
    mailer: { async send() {}, close() {} },
    now: () => new Date(),
    dataDir,
    consoleUrl: 'http://bench.invalid',
    outboxEnabled: false,
    signingSecret: 'bench-billing-signing-secret-0123456789',
  })
  const form = new FormData()
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'payments-25mb.csv')
  // The platform logs on stdout: keep its lines out of the bench output, note when applying began.
  const write = process.stdout.write.bind(process.stdout)
  let applyingAt: number | null = null
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
    if (text.startsWith('{"time"')) {
      if (text.includes('"billing import applying"')) applyingAt = performance.now()
      return true
    }
    return write(chunk, ...(rest as []))
  }) as typeof process.stdout.write
  let status = 0
  let message = ''
  const started = performance.now()
  try {
    const measured = await measure(async () => {
      const response = await platform.fetch(
        new Request(`http://bench${PAYMENTS_BASE}/payment/post-paid/${BILLING_UPLOADS.payments.call}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        }),
      )
      status = response.status
      message = (await response.json()).message
    })
    const validateMs = applyingAt === null ? Number.NaN : applyingAt - started
    return { ...measured, status, message, validateMs, applyMs: measured.ms - validateMs }
  } finally {
    process.stdout.write = write
  }
}

type Row = { label: string; rows: number; bytes: number; m: Measured; note?: string }

function printRows(title: string, rows: Row[]) {
  console.log(`\n${title}`)
  console.log(`  ${''.padEnd(44)}      rows     MB   seconds     rows/s  peak RSS (+growth)  peak heap`)
  for (const r of rows) {
    console.log(
      `  ${r.label.padEnd(44)} ${r.rows.toLocaleString('en').padStart(9)} ${(r.bytes / MiB).toFixed(1).padStart(6)} ${secs(r.m.ms).padStart(9)} ${Math.round(
        r.rows / (r.m.ms / 1000),
      )
        .toLocaleString('en')
        .padStart(
          10,
        )}  ${mib(r.m.rss).padStart(8)} (+${mib(r.m.rss - r.m.rssBefore)})  ${mib(r.m.heap).padStart(9)}${r.note ? `  ${r.note}` : ''}`,
    )
  }
}

function printTargets(importRow: Row, copyRow: Row, unnestRow: Row) {
  const ratio = importRow.m.ms / copyRow.m.ms
  console.log(
    `  import / COPY ${ratio.toFixed(1)}× (target ≤ ${TARGET_RATIO}×)${ratio > TARGET_RATIO ? '  OVER' : ''}; import / INSERT … unnest ${(importRow.m.ms / unnestRow.m.ms).toFixed(1)}×`,
  )
  console.log(
    `  import peak heap ${mib(importRow.m.heap)} (target ≤ ${TARGET_HEAP_MIB} MiB)${importRow.m.heap > TARGET_HEAP_MIB * MiB ? '  OVER' : ''}`,
  )
}

async function sessionAndSellers(handle: DatabaseHandle) {
  const admin = demoUser('superadmin@example.com')
  const { token } = await createSession(handle.db, { userId: admin.id, stage: 'FULL', now: new Date() })
  const sellerIds = (await handle.executeSql('select id from accounts order by id')).rows.map((r) =>
    Number(r.id),
  )
  return { token, sellerIds }
}

async function pgliteBench(dir: string) {
  const dataDir = path.join(dir, 'pglite-data')
  rmSync(dataDir, { recursive: true, force: true })
  const setup = await openDatabase({
    dataDir,
    loadDataDir: new Blob([readFileSync(await ensurePgliteTemplate())]),
  })
  const { token, sellerIds } = await sessionAndSellers(setup)
  await setup.close()
  const file = path.join(dir, 'payments-pglite.csv')
  const summary = await writePaymentsFile(file, fileOptions(sellerIds, 'BENCH-I-'))

  const { copy, unnest } = await pgliteBareLoads(dataDir, sellerIds, summary.rows)
  const handle = await openDatabase({ dataDir })
  try {
    const imported = await importThroughPlatform(handle, dataDir, token, file)
    report('PGlite', summary, imported, copy, unnest, `COPY … FROM '/dev/blob'`)
  } finally {
    await handle.close()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(file, { force: true })
  }
}

/** Bare loads on the raw PGlite of the same directory (free: nothing else has it open); their rows go out of scope after. */
async function pgliteBareLoads(dataDir: string, sellerIds: number[], rows: number) {
  const raw = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), relaxedDurability: false })
  try {
    const copyBlob = new Blob(
      copyChunks(fileOptions(sellerIds, 'BENCH-C-'), rows).map((chunk) => new Uint8Array(chunk)),
    )
    const copy = await measure(async () => {
      await raw.query(`COPY payments (${COLUMNS}) FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: copyBlob })
    })
    const unnestValues = unnestParams(fileOptions(sellerIds, 'BENCH-U-'), rows)
    const unnest = await measure(async () => {
      await raw.query(UNNEST_SQL, unnestValues)
    })
    return { copy, unnest }
  } finally {
    await raw.close()
  }
}

/** The same on PostgreSQL: COPY through the protocol, then the one INSERT … unnest. */
async function postgresBareLoads(url: string, sellerIds: number[], rows: number) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const chunks = copyChunks(fileOptions(sellerIds, 'BENCH-C-'), rows)
    const copy = await measure(async () => {
      const query = new CopyFromStdin(`COPY payments (${COLUMNS}) FROM STDIN WITH (FORMAT csv)`, chunks)
      client.query(query as unknown as pg.QueryConfig)
      const copied = await query.done
      if (copied !== rows) throw new Error(`COPY wrote ${copied} rows, expected ${rows}`)
    })
    const unnestValues = unnestParams(fileOptions(sellerIds, 'BENCH-U-'), rows)
    const unnest = await measure(async () => {
      await client.query(UNNEST_SQL, unnestValues)
    })
    return { copy, unnest }
  } finally {
    await client.end()
  }
}

async function postgresBench(databaseUrl: string, dir: string) {
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) })
  await admin.connect()
  await dropDatabase(admin, PG_DATABASE)
  await admin.query(`create database ${PG_DATABASE}`)
  const url = adminUrl(databaseUrl, PG_DATABASE)
  const file = path.join(dir, 'payments-pg.csv')
  let handle: DatabaseHandle | null = null
  try {
    handle = await openDatabase({ databaseUrl: url })
    await seedDemo(handle.db)
    const { token, sellerIds } = await sessionAndSellers(handle)
    const summary = await writePaymentsFile(file, fileOptions(sellerIds, 'BENCH-I-'))

    const { copy, unnest } = await postgresBareLoads(url, sellerIds, summary.rows)

    const imported = await importThroughPlatform(handle, dir, token, file)
    report('PostgreSQL', summary, imported, copy, unnest, 'COPY … FROM STDIN (pg, COPY protocol)')
  } finally {
    await handle?.close()
    await dropDatabase(admin, PG_DATABASE)
    await admin.end()
    rmSync(file, { force: true })
  }
}

function report(
  label: string,
  summary: PaymentsFileSummary,
  imported: Awaited<ReturnType<typeof importThroughPlatform>>,
  copy: Measured,
  unnest: Measured,
  copyLabel: string,
) {
  const importRow: Row = {
    label: `import (upload call, in-process) ${imported.status}`,
    rows: summary.rows,
    bytes: summary.bytes,
    m: imported,
    note: `validate ${secs(imported.validateMs)}, apply ${secs(imported.applyMs)}`,
  }
  const copyRow: Row = { label: `bare ${copyLabel}`, rows: summary.rows, bytes: summary.bytes, m: copy }
  const unnestRow: Row = {
    label: 'bare INSERT … SELECT unnest (one statement)',
    rows: summary.rows,
    bytes: summary.bytes,
    m: unnest,
  }
  printRows(
    `${label}: payments, ${summary.rows.toLocaleString('en')} rows (${summary.perSeller.size} advertisers)`,
    [importRow, copyRow, unnestRow],
  )
  if (imported.status !== 200) console.log(`  the import answered ${imported.status}: ${imported.message}`)
  printTargets(importRow, copyRow, unnestRow)
  const section = 'Billing (issue 13): 25 MB payments file'
  const ratio = importRow.m.ms / copyRow.m.ms
  reportsTable.set(section, 'import (upload call): time, rows/s', '', label, {
    text: `${secs(imported.ms)}, ${Math.round(summary.rows / (imported.ms / 1000)).toLocaleString('en')} rows/s${imported.status === 200 ? '' : ` (answered ${imported.status})`}`,
    over: imported.status !== 200,
  })
  reportsTable.set(section, 'import ÷ bare COPY', `≤ ${TARGET_RATIO}×`, label, {
    text: `${ratio.toFixed(1)}×`,
    over: ratio > TARGET_RATIO,
  })
  reportsTable.set(section, 'import peak heap', `≤ ${TARGET_HEAP_MIB} MiB`, label, {
    text: mib(importRow.m.heap),
    over: importRow.m.heap > TARGET_HEAP_MIB * MiB,
  })
}

export async function billingBench() {
  console.log(
    '\nBilling (issue 13): a 25 MB payments file through the upload call (in-process platform.fetch, multipart from disk) beside bare loads of the same rows',
  )
  const dir = projectPath('.tmp/bench/billing')
  mkdirSync(dir, { recursive: true })
  const databaseUrl = process.env.DATABASE_URL
  // The embedded database whatever DATABASE_URL says (openDatabase reads no environment itself).
  await pgliteBench(dir)
  if (databaseUrl) await postgresBench(databaseUrl, dir)
  else console.log('\nPostgreSQL: skipped (set DATABASE_URL to run it there too)')
  rmSync(dir, { recursive: true, force: true })
}
