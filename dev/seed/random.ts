/** A small seeded pseudo-random generator: the same seed always gives the same sequence. */
export type Random = {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with probability p. */
  chance(p: number): boolean
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** k distinct elements, in list order. */
  sample<T>(items: readonly T[], k: number): T[]
  /** A version-4-shaped UUID drawn from the sequence. */
  uuid(): string
  /** A new generator derived from this one and a label (independent of later draws here). */
  fork(label: string): Random
}

/** Hashes a string to a 32-bit seed (cyrb53, folded). */
export function hashSeed(text: string): number {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (h1 ^ h2) >>> 0
}

/** Creates a generator (sfc32) from a numeric or textual seed. */
export function createRandom(seed: number | string): Random {
  const base = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed)
  let a = base ^ 0x9e3779b9
  let b = hashSeed(`b${base}`)
  let c = hashSeed(`c${base}`)
  let d = 1
  const next = (): number => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  for (let i = 0; i < 12; i++) next()

  const random: Random = {
    next,
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1))
    },
    chance(p) {
      return next() < p
    },
    pick(items) {
      if (items.length === 0) throw new Error('pick() from an empty list')
      return items[Math.floor(next() * items.length)] as (typeof items)[number]
    },
    sample(items, k) {
      const indexes = items.map((_, i) => i)
      for (let i = indexes.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        const tmp = indexes[i] as number
        indexes[i] = indexes[j] as number
        indexes[j] = tmp
      }
      return indexes
        .slice(0, Math.min(k, items.length))
        .sort((x, y) => x - y)
        .map((i) => items[i] as (typeof items)[number])
    },
    uuid() {
      const hex: string[] = []
      for (let i = 0; i < 4; i++)
        hex.push(
          Math.floor(next() * 4294967296)
            .toString(16)
            .padStart(8, '0'),
        )
      const s = hex.join('')
      const variant = ((parseInt(s[16] as string, 16) & 0x3) | 0x8).toString(16)
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`
    },
    fork(label) {
      return createRandom(`${base}:${label}`)
    },
  }
  return random
}
