// Unzipping an uploaded zip that must hold one CSV (docs/decisions/046): zips built with fflate's zipSync,
// and hand-edited ones whose headers lie (sizes, links, folders, encryption, ZIP64, hidden data).
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { projectPath } from '../paths'
import { UploadTooLarge } from './receive'
import { readSingleEntry, unzipSingleCsv, ZIP_MESSAGES, ZipRefused } from './unzip'

const dir = projectPath(`.tmp/test-data/unzip-${randomUUID()}`)
const CSV = 'keywords,product_ids\nrunning shoes,10234501\n'

beforeAll(async () => {
  await mkdir(dir, { recursive: true })
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const limits = { maxBytes: 1024 * 1024, tooLargeMessage: 'File size exceeds 25MB limit' }

async function unzip(zip: Uint8Array, options = limits) {
  const zipPath = path.join(dir, `${randomUUID()}.zip`)
  const target = path.join(dir, `${randomUUID()}.csv`)
  await writeFile(zipPath, zip)
  try {
    const entry = await unzipSingleCsv(zipPath, target, options)
    return { entry, text: await readFile(target, 'utf8') }
  } finally {
    await rm(zipPath, { force: true })
    await rm(target, { force: true })
  }
}

async function refusal(zip: Uint8Array, options = limits) {
  const left = (await readdir(dir)).length
  const error = await unzip(zip, options).then(
    () => null,
    (e: unknown) => e,
  )
  // Nothing is left behind: neither the zip nor a partial CSV.
  expect((await readdir(dir)).length).toBe(left)
  expect(error).toBeInstanceOf(Error)
  return error as ZipRefused | UploadTooLarge
}

const zip = (files: Record<string, string | Uint8Array>, level: 0 | 6 = 6) =>
  zipSync(
    Object.fromEntries(
      Object.entries(files).map(([name, data]) => [name, typeof data === 'string' ? strToU8(data) : data]),
    ),
    { level },
  )

/** Offsets of the one entry's headers in a zipSync archive (local header at 0). */
function offsets(bytes: Uint8Array) {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const eocd = view.length - 22
  expect(view.readUInt32LE(eocd)).toBe(0x06054b50)
  return { view, eocd, central: view.readUInt32LE(eocd + 16) }
}

describe('unzipSingleCsv', () => {
  it('inflates the one CSV entry of a deflated or stored zip', async () => {
    for (const level of [6, 0] as const) {
      const { entry, text } = await unzip(zip({ 'keywords.csv': CSV }, level))
      expect(entry).toEqual({ name: 'keywords.csv', size: Buffer.byteLength(CSV) })
      expect(text).toBe(CSV)
    }
  })

  it('inflates a zip made by streaming (data descriptor after the data), as the console makes it', async () => {
    const chunks: Uint8Array[] = []
    const zipper = new Zip((error, chunk) => {
      if (error) throw error
      chunks.push(chunk)
    })
    const entry = new ZipDeflate('keywords.csv', { level: 6 })
    zipper.add(entry)
    entry.push(strToU8(CSV.slice(0, 10)))
    entry.push(strToU8(CSV.slice(10)), true)
    zipper.end()
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
    let at = 0
    for (const c of chunks) {
      bytes.set(c, at)
      at += c.length
    }
    // General purpose flag bit 3: sizes and CRC in a descriptor after the data.
    expect(Buffer.from(bytes).readUInt16LE(6) & 8).toBe(8)
    const { entry: read, text } = await unzip(bytes)
    expect(read.name).toBe('keywords.csv')
    expect(text).toBe(CSV)
  })

  it('takes a CSV in a folder of the zip and a UTF-8 name flagged as such', async () => {
    expect((await unzip(zip({ 'data/keywords.csv': CSV }))).entry.name).toBe('data/keywords.csv')
    expect((await unzip(zip({ 'mañana.csv': CSV }))).entry.name).toBe('mañana.csv')
  })

  it.each([
    ['two entries', zip({ 'a.csv': CSV, 'b.csv': CSV }), ZIP_MESSAGES.oneEntry(2)],
    ['a CSV and a folder', zip({ 'a.csv': CSV, 'dir/': new Uint8Array(0) }), ZIP_MESSAGES.oneEntry(2)],
    ['no CSV (a text file)', zip({ 'keywords.txt': CSV }), ZIP_MESSAGES.notCsv('keywords.txt')],
    ['a folder only', zip({ 'folder/': new Uint8Array(0) }), ZIP_MESSAGES.directory],
    ['a zip inside the zip', zip({ 'inner.zip': zip({ 'a.csv': CSV }) }), ZIP_MESSAGES.nested],
    ['a zip named .csv inside', zip({ 'a.csv': zip({ 'b.csv': CSV }, 0) }, 0), ZIP_MESSAGES.nested],
    ['a path outside the archive', zip({ '../../etc/keywords.csv': CSV }), ZIP_MESSAGES.traversal],
    ['an absolute path', zip({ '/tmp/keywords.csv': CSV }), ZIP_MESSAGES.absolute],
    ['a Windows drive path', zip({ 'C:\\keywords.csv': CSV }), ZIP_MESSAGES.absolute],
    ['an empty zip', zip({}), ZIP_MESSAGES.empty],
    ['a CSV that is not a zip', strToU8(CSV), ZIP_MESSAGES.notZip],
    ['nothing at all', new Uint8Array(0), ZIP_MESSAGES.notZip],
    [
      'text that is not UTF-8',
      zip({ 'k.csv': Uint8Array.from([0x6b, 0x2c, 0xff, 0xfe, 0x0a]) }),
      ZIP_MESSAGES.notUtf8,
    ],
  ])('refuses %s with 400 and a clear message', async (_name, bytes, message) => {
    const error = await refusal(bytes)
    expect(error).toBeInstanceOf(ZipRefused)
    expect(error.status).toBe(400)
    expect(error.message).toBe(message)
  })

  it('refuses a truncated zip, and one whose data was cut short inside', async () => {
    const whole = zip({ 'keywords.csv': CSV.repeat(50) })
    for (const cut of [whole.length - 1, whole.length - 30, Math.floor(whole.length / 2), 10]) {
      const error = await refusal(whole.subarray(0, cut))
      expect(error.status).toBe(400)
      expect([ZIP_MESSAGES.damaged, ZIP_MESSAGES.notZip]).toContain(error.message)
    }
  })

  it('refuses a zip whose data is damaged (CRC-32 or inflate error)', async () => {
    const bytes = zip({ 'keywords.csv': CSV.repeat(20) }).slice()
    const { view } = offsets(bytes)
    const dataStart = 30 + view.readUInt16LE(26) + view.readUInt16LE(28)
    bytes[dataStart + 3] = bytes[dataStart + 3]! ^ 0xff
    const error = await refusal(bytes)
    expect(error.message).toBe(ZIP_MESSAGES.damaged)
  })

  it('refuses a symlink entry (Unix mode in the external attributes)', async () => {
    const bytes = zip({ 'keywords.csv': '/etc/passwd' }).slice()
    const { view, central } = offsets(bytes)
    view.writeUInt16LE((3 << 8) | 20, central + 4) // made by Unix
    view.writeUInt32LE((0o120777 << 16) >>> 0, central + 38)
    expect((await refusal(bytes)).message).toBe(ZIP_MESSAGES.symlink)
  })

  it('refuses a folder entry named like a CSV (directory attribute)', async () => {
    const bytes = zip({ 'keywords.csv': '' }).slice()
    const { view, central } = offsets(bytes)
    view.writeUInt32LE(0x10, central + 38)
    expect((await refusal(bytes)).message).toBe(ZIP_MESSAGES.directory)
  })

  it('refuses an encrypted entry and a ZIP64 archive', async () => {
    const encrypted = zip({ 'keywords.csv': CSV }).slice()
    const a = offsets(encrypted)
    a.view.writeUInt16LE(a.view.readUInt16LE(6) | 1, 6)
    a.view.writeUInt16LE(a.view.readUInt16LE(a.central + 8) | 1, a.central + 8)
    expect((await refusal(encrypted)).message).toBe(ZIP_MESSAGES.encrypted)
    const zip64 = zip({ 'keywords.csv': CSV }).slice()
    const b = offsets(zip64)
    b.view.writeUInt32LE(0xffffffff, b.central + 24)
    expect((await refusal(zip64)).message).toBe(ZIP_MESSAGES.zip64)
  })

  it('refuses a central directory and a local header that disagree (a second, hidden entry)', async () => {
    const bytes = zip({ 'keywords.csv': CSV }).slice()
    const { view } = offsets(bytes)
    view.write('x', 30) // the local header's name: xeywords.csv
    expect((await refusal(bytes)).message).toBe(ZIP_MESSAGES.damaged)
    // Bytes hidden between the entry's data and the central directory.
    const inner = zip({ 'keywords.csv': CSV })
    const o = offsets(inner)
    const padded = new Uint8Array(inner.length + 5)
    padded.set(inner.subarray(0, o.central), 0)
    padded.set(inner.subarray(o.central), o.central + 5)
    const p = Buffer.from(padded.buffer)
    p.writeUInt32LE(o.central + 5, padded.length - 22 + 16)
    p.writeUInt32LE(0, o.central + 5 + 42) // local header still at 0
    expect((await refusal(padded)).message).toBe(ZIP_MESSAGES.damaged)
  })

  it('refuses a zip bomb by ratio while inflating, even when its headers claim a small size', async () => {
    const bomb = zip({ 'keywords.csv': new Uint8Array(5 * 1024 * 1024).fill(0x61) }).slice()
    expect(bomb.length).toBeLessThan(20_000)
    // The headers lie: 100 bytes uncompressed.
    const { view, central } = offsets(bomb)
    view.writeUInt32LE(100, 22)
    view.writeUInt32LE(100, central + 24)
    const error = await refusal(bomb, { ...limits, maxBytes: 26_214_400 })
    expect(error).toBeInstanceOf(ZipRefused)
    expect(error.message).toBe(ZIP_MESSAGES.bomb)
  })

  it('counts the inflated bytes against the limit (413), whatever the headers say', async () => {
    const rows = Array.from({ length: 40_000 }, (_, i) => `keyword ${i * 7919},${10_234_501 + i}`).join('\n')
    const bytes = zip({ 'keywords.csv': `keywords,product_ids\n${rows}\n` }).slice()
    const honest = await refusal(bytes, { ...limits, maxBytes: 200_000 })
    expect(honest).toBeInstanceOf(UploadTooLarge)
    expect(honest.status).toBe(413)
    expect(honest.message).toBe('File size exceeds 25MB limit')
    const { view, central } = offsets(bytes)
    view.writeUInt32LE(1000, 22)
    view.writeUInt32LE(1000, central + 24)
    const lying = await refusal(bytes, { ...limits, maxBytes: 200_000 })
    expect(lying.status).toBe(413)
  })

  it('refuses a size that differs from the directory', async () => {
    const bytes = zip({ 'keywords.csv': CSV }).slice()
    const { view, central } = offsets(bytes)
    view.writeUInt32LE(view.readUInt32LE(central + 24) + 1, central + 24)
    expect((await refusal(bytes)).message).toBe(ZIP_MESSAGES.damaged)
  })

  it('reads the entry from the central directory', async () => {
    const zipPath = path.join(dir, 'entry.zip')
    await writeFile(zipPath, zip({ 'keywords.csv': CSV }))
    const entry = await readSingleEntry(zipPath)
    expect(entry).toMatchObject({ name: 'keywords.csv', method: 8, declaredSize: Buffer.byteLength(CSV) })
    await rm(zipPath)
  })
})
