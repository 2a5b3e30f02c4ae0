// A small seeded PRNG so the demo data is the same on every run (for the same `now`).

/** mulberry32: 32-bit state, good enough spread for demo data, fully deterministic. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Convenience wrapper over a uniform [0, 1) source. */
export class Random {
  constructor(readonly next: () => number) {}

  static seeded(seed: number) {
    return new Random(mulberry32(seed))
  }

  /** An independent stream derived from this seed and a label (stable whatever else is drawn). */
  static derived(seed: number, label: string | number) {
    let h = seed >>> 0
    for (const ch of String(label)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0
    return new Random(mulberry32(h ^ 0x9e3779b9))
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  float(min: number, max: number) {
    return min + this.next() * (max - min)
  }

  chance(p: number) {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)]!
  }

  /** Picks by weight: [[value, weight], …]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((sum, [, w]) => sum + w, 0)
    let roll = this.next() * total
    for (const [value, weight] of items) {
      roll -= weight
      if (roll < 0) return value
    }
    return items[items.length - 1]![0]
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }

  /** Up to n distinct items, in random order. */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, n))
  }

  /** A version-4-shaped UUID from this stream (deterministic ids for tables keyed by uuid). */
  uuid() {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16))
    hex[12] = '4'
    hex[16] = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
    const s = hex.join('')
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
  }
}
