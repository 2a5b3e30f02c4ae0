// Unzipping an uploaded zip that must hold exactly one CSV file, safely (docs/decisions/046): the zip is
// already spooled to disk (under its byte limit); this reads its central directory, refuses anything but
// one plain .csv entry, and inflates that entry to a temporary file with fflate, counting the bytes while
// they come out (the header's sizes are never trusted), with a compression-ratio guard, a UTF-8 check and
// the entry's CRC-32. Nothing of the CSV is held in memory beyond one inflated chunk.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { open, rm } from 'node:fs/promises'
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import { Inflate } from 'fflate'
import { DomainError } from '../errors'
import { hasControlCharacters } from '../rules/text'
import { UploadTooLarge } from './receive'

/** A zip the service will not unpack: 400 with a message saying why (never a 500). */
export class ZipRefused extends DomainError {
  constructor(message: string) {
    super(400, 'INVALID_ZIP', message)
  }
}

export type UnzipLimits = {
  /** The most the CSV may hold once inflated (past it: 413 with `tooLargeMessage`). */
  maxBytes: number
  tooLargeMessage: string
  /**
   * Inflated bytes per compressed byte past which the entry is a zip bomb (checked once more than
   * `ratioFloorBytes` came out, so a tiny, very repetitive file still passes).
   */
  maxRatio?: number
  ratioFloorBytes?: number
}

export const DEFAULT_MAX_RATIO = 100
export const DEFAULT_RATIO_FLOOR_BYTES = 1024 * 1024
/** Compressed bytes read per step: one step inflates to at most ~1,032× this (deflate's ceiling). */
const READ_CHUNK_BYTES = 8 * 1024
const MAX_NAME_LENGTH = 255

export const ZIP_MESSAGES = {
  notZip: 'The file is not a zip archive. Zip the CSV file and upload the zip (metadata.zip).',
  damaged: 'The zip archive is damaged or incomplete. Zip the CSV file again and upload it.',
  empty: 'The zip archive is empty: it must hold one CSV file.',
  oneEntry: (count: number) => `The zip archive must hold exactly one CSV file; it holds ${count} entries.`,
  zip64: 'ZIP64 archives are not accepted: the CSV file is at most 25 MB, zip it as an ordinary zip.',
  encrypted: 'The zip archive is password-protected: upload it without a password.',
  method: 'The zip archive uses a compression method other than deflate: zip the CSV file again.',
  directory: 'The zip archive holds a folder, not a CSV file.',
  symlink: 'The zip archive holds a link, not a CSV file.',
  absolute: 'The zip archive names its file with an absolute path.',
  traversal: "The zip archive names its file with a path outside the archive ('..').",
  badName: 'The name of the file in the zip archive is not valid.',
  notCsv: (name: string) => `The zip archive must hold a CSV file (.csv); it holds "${name}".`,
  nested: 'The zip archive holds another zip archive: put the CSV file itself in the zip.',
  bomb: 'The zip archive expands far more than a CSV file does (a zip bomb?): it was not unpacked.',
  notUtf8: 'The CSV file is not UTF-8 text: save it as CSV UTF-8 and zip it again.',
} as const

const SIG = { local: 0x04034b50, central: 0x02014b50, eocd: 0x06054b50, zip64Locator: 0x07064b50 }
const EOCD_SIZE = 22
const CENTRAL_SIZE = 46
const LOCAL_SIZE = 30
const MAX_COMMENT = 0xffff

export type ZipEntry = {
  name: string
  method: 0 | 8
  crc32: number
  compressedSize: number
  declaredSize: number
  /** Where the entry's compressed bytes start in the file. */
  dataOffset: number
}

/** S_IFMT bits of a Unix mode kept in the high half of the external attributes. */
const S_IFMT = 0o170000
const S_IFLNK = 0o120000
const S_IFDIR = 0o040000
/** "Version made by" hosts whose external attributes carry a Unix mode: Unix, OS X. */
const UNIX_HOSTS = new Set([3, 19])

function checkName(name: string) {
  if (
    name.length === 0 ||
    name.length > MAX_NAME_LENGTH ||
    hasControlCharacters(name) ||
    name.includes('\uFFFD')
  )
    throw new ZipRefused(ZIP_MESSAGES.badName)
  if (/[\\/]$/.test(name)) throw new ZipRefused(ZIP_MESSAGES.directory)
  if (/^[\\/]/.test(name) || /^[A-Za-z]:/.test(name)) throw new ZipRefused(ZIP_MESSAGES.absolute)
  if (name.split(/[\\/]/).some((segment) => segment === '..')) throw new ZipRefused(ZIP_MESSAGES.traversal)
  if (/\.zip$/i.test(name)) throw new ZipRefused(ZIP_MESSAGES.nested)
  if (!/\.csv$/i.test(name)) throw new ZipRefused(ZIP_MESSAGES.notCsv(name))
}

function decodeName(bytes: Buffer, utf8: boolean) {
  // Without the UTF-8 flag the name is CP437; an ASCII name reads the same either way, and a name that
  // is not ASCII must then be flagged UTF-8 (what every current zip tool writes).
  if (!utf8 && bytes.some((byte) => byte > 0x7f)) throw new ZipRefused(ZIP_MESSAGES.badName)
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes)
}

/**
 * The one entry of a zip file, read from its central directory and cross-checked with its local header.
 * The archive must be "tight": the entry's local header at offset 0, its data, an optional data
 * descriptor, then the central directory and its end record, with nothing hidden in between.
 */
export async function readSingleEntry(zipPath: string): Promise<ZipEntry> {
  const handle = await open(zipPath, 'r')
  try {
    const { size } = await handle.stat()
    if (size < EOCD_SIZE + LOCAL_SIZE) {
      const head = Buffer.alloc(4)
      await handle.read(head, 0, Math.min(4, size), 0)
      const sig = head.readUInt32LE(0)
      if (sig === SIG.eocd && size === EOCD_SIZE) throw new ZipRefused(ZIP_MESSAGES.empty)
      throw new ZipRefused(sig === SIG.local ? ZIP_MESSAGES.damaged : ZIP_MESSAGES.notZip)
    }
    const head = Buffer.alloc(4)
    await handle.read(head, 0, 4, 0)
    if (head.readUInt32LE(0) !== SIG.local) {
      // An empty zip is just an end record.
      if (head.readUInt32LE(0) === SIG.eocd) throw new ZipRefused(ZIP_MESSAGES.empty)
      throw new ZipRefused(ZIP_MESSAGES.notZip)
    }

    // The end of central directory record: the last 22 bytes, or before a comment of up to 64 KiB.
    const tailLength = Math.min(size, EOCD_SIZE + MAX_COMMENT)
    const tail = Buffer.alloc(tailLength)
    await handle.read(tail, 0, tailLength, size - tailLength)
    let eocd = -1
    for (let i = tailLength - EOCD_SIZE; i >= 0; i--) {
      if (tail.readUInt32LE(i) === SIG.eocd && i + EOCD_SIZE + tail.readUInt16LE(i + 20) === tailLength) {
        eocd = i
        break
      }
    }
    if (eocd < 0) throw new ZipRefused(ZIP_MESSAGES.damaged)
    const eocdOffset = size - tailLength + eocd
    if (eocd >= 20 && tail.readUInt32LE(eocd - 20) === SIG.zip64Locator)
      throw new ZipRefused(ZIP_MESSAGES.zip64)
    const disk = tail.readUInt16LE(eocd + 4)
    const cdDisk = tail.readUInt16LE(eocd + 6)
    const entriesHere = tail.readUInt16LE(eocd + 8)
    const entries = tail.readUInt16LE(eocd + 10)
    const cdSize = tail.readUInt32LE(eocd + 12)
    const cdOffset = tail.readUInt32LE(eocd + 16)
    if (entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff)
      throw new ZipRefused(ZIP_MESSAGES.zip64)
    if (disk !== 0 || cdDisk !== 0 || entriesHere !== entries) throw new ZipRefused(ZIP_MESSAGES.damaged)
    if (entries === 0) throw new ZipRefused(ZIP_MESSAGES.empty)
    if (entries > 1) throw new ZipRefused(ZIP_MESSAGES.oneEntry(entries))
    if (cdOffset + cdSize !== eocdOffset || cdSize < CENTRAL_SIZE) throw new ZipRefused(ZIP_MESSAGES.damaged)

    const central = Buffer.alloc(cdSize)
    await handle.read(central, 0, cdSize, cdOffset)
    if (central.readUInt32LE(0) !== SIG.central) throw new ZipRefused(ZIP_MESSAGES.damaged)
    const madeBy = central.readUInt16LE(4)
    const flags = central.readUInt16LE(8)
    const method = central.readUInt16LE(10)
    const crc32 = central.readUInt32LE(16)
    const compressedSize = central.readUInt32LE(20)
    const declaredSize = central.readUInt32LE(24)
    const nameLength = central.readUInt16LE(28)
    const extraLength = central.readUInt16LE(30)
    const commentLength = central.readUInt16LE(32)
    const externalAttributes = central.readUInt32LE(38)
    const localOffset = central.readUInt32LE(42)
    if (CENTRAL_SIZE + nameLength + extraLength + commentLength !== cdSize)
      throw new ZipRefused(ZIP_MESSAGES.damaged)
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff)
      throw new ZipRefused(ZIP_MESSAGES.zip64)
    const nameBytes = central.subarray(CENTRAL_SIZE, CENTRAL_SIZE + nameLength)
    const name = decodeName(nameBytes, (flags & 0x800) !== 0)

    const mode = UNIX_HOSTS.has(madeBy >> 8) ? (externalAttributes >>> 16) & S_IFMT : 0
    if (mode === S_IFLNK) throw new ZipRefused(ZIP_MESSAGES.symlink)
    if (mode === S_IFDIR || (externalAttributes & 0x10) !== 0) throw new ZipRefused(ZIP_MESSAGES.directory)
    checkName(name)
    if ((flags & 0x41) !== 0) throw new ZipRefused(ZIP_MESSAGES.encrypted)
    if (method !== 0 && method !== 8) throw new ZipRefused(ZIP_MESSAGES.method)

    // The local header: first in the file, the same name, method and flags as the central directory.
    if (localOffset !== 0) throw new ZipRefused(ZIP_MESSAGES.damaged)
    const local = Buffer.alloc(LOCAL_SIZE)
    await handle.read(local, 0, LOCAL_SIZE, 0)
    const localNameLength = local.readUInt16LE(26)
    const localExtraLength = local.readUInt16LE(28)
    if (
      local.readUInt16LE(6) !== flags ||
      local.readUInt16LE(8) !== method ||
      localNameLength !== nameLength ||
      LOCAL_SIZE + localNameLength + localExtraLength > cdOffset
    )
      throw new ZipRefused(ZIP_MESSAGES.damaged)
    const localName = Buffer.alloc(localNameLength)
    await handle.read(localName, 0, localNameLength, LOCAL_SIZE)
    if (!localName.equals(nameBytes)) throw new ZipRefused(ZIP_MESSAGES.damaged)

    const dataOffset = LOCAL_SIZE + localNameLength + localExtraLength
    const gap = cdOffset - (dataOffset + compressedSize)
    // Bit 3: sizes and CRC follow the data in a descriptor of 12 bytes, or 16 with its signature.
    const gapAllowed = (flags & 0x08) !== 0 ? [12, 16] : [0]
    if (!gapAllowed.includes(gap)) throw new ZipRefused(ZIP_MESSAGES.damaged)
    return { name, method, crc32, compressedSize, declaredSize, dataOffset }
  } finally {
    await handle.close()
  }
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c
  }
  return table
})()

function crcUpdate(crc: number, data: Uint8Array) {
  let c = crc ^ -1
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8)
  return (c ^ -1) >>> 0
}

/** Writes with backpressure; a file that failed (could not be opened, disk full) throws its error. */
async function write(out: WriteStream, chunk: Uint8Array) {
  if (out.destroyed) throw out.errored ?? new Error('The temporary file is closed')
  if (!out.write(chunk) && !out.destroyed) await once(out, 'drain')
  if (out.errored) throw out.errored
}

/**
 * Inflates the zip's one CSV entry into `target` (created; removed again on any refusal). Refuses, 400:
 * everything readSingleEntry refuses, a nested zip, text that is not UTF-8, a damaged stream (inflate
 * error, size or CRC-32 different from the directory's), a ratio past the guard; 413 past `maxBytes`.
 */
export async function unzipSingleCsv(
  zipPath: string,
  target: string,
  limits: UnzipLimits,
): Promise<{ name: string; size: number }> {
  const entry = await readSingleEntry(zipPath)
  const maxRatio = limits.maxRatio ?? DEFAULT_MAX_RATIO
  const ratioFloor = limits.ratioFloorBytes ?? DEFAULT_RATIO_FLOOR_BYTES
  // The directory's size is only a hint: past the limit there is no need to start.
  if (entry.declaredSize > limits.maxBytes) throw new UploadTooLarge(limits.tooLargeMessage)

  const out = createWriteStream(target, { flags: 'wx', mode: 0o600 })
  // Settles once the file is closed (written, or destroyed before or after it opened); observes errors.
  const closed = finished(out)
  closed.catch(() => {})
  let opened = false
  out.once('open', () => {
    opened = true
  })
  const utf8 = new TextDecoder('utf-8', { fatal: true })
  let produced = 0
  let consumed = 0
  let crc = 0
  let pending: Uint8Array[] = []
  let problem: Error | null = null
  const take = (chunk: Uint8Array) => {
    if (problem) return
    if (produced === 0 && chunk.length >= 4 && chunk[0] === 0x50 && chunk[1] === 0x4b && chunk[2] === 3)
      problem = new ZipRefused(ZIP_MESSAGES.nested)
    produced += chunk.length
    if (produced > limits.maxBytes) problem = new UploadTooLarge(limits.tooLargeMessage)
    else if (produced > ratioFloor && produced > maxRatio * Math.max(consumed, 1))
      problem = new ZipRefused(ZIP_MESSAGES.bomb)
    if (!problem) pending.push(chunk)
  }
  const inflate = entry.method === 8 ? new Inflate((chunk) => take(chunk)) : null
  const step = async (chunk: Uint8Array, final: boolean) => {
    try {
      if (inflate) inflate.push(chunk, final)
      else take(chunk)
    } catch {
      throw new ZipRefused(ZIP_MESSAGES.damaged)
    }
    if (problem) throw problem
    for (const piece of pending) {
      try {
        utf8.decode(piece, { stream: true })
      } catch {
        throw new ZipRefused(ZIP_MESSAGES.notUtf8)
      }
      crc = crcUpdate(crc, piece)
      await write(out, piece)
    }
    pending = []
  }

  try {
    if (entry.compressedSize > 0) {
      const input = createReadStream(zipPath, {
        start: entry.dataOffset,
        end: entry.dataOffset + entry.compressedSize - 1,
        highWaterMark: READ_CHUNK_BYTES,
      })
      for await (const chunk of input as AsyncIterable<Buffer>) {
        consumed += chunk.length
        await step(chunk, false)
      }
    }
    await step(new Uint8Array(0), true)
    try {
      utf8.decode()
    } catch {
      throw new ZipRefused(ZIP_MESSAGES.notUtf8)
    }
    if (produced !== entry.declaredSize || crc !== entry.crc32) throw new ZipRefused(ZIP_MESSAGES.damaged)
    out.end()
    await closed
    return { name: entry.name, size: produced }
  } catch (error) {
    out.destroy()
    await closed.catch(() => {})
    // Only a file this call created is removed ('wx': an existing file is never opened, nor removed).
    if (opened) await rm(target, { force: true })
    throw error
  }
}
