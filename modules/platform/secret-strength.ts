/**
 * How guessable a secret of the settings is (PAYLOAD_SECRET, METRICS_TOKEN):
 * production refuses one that repeats a short block ('x' × 32, 'abcabc…'),
 * uses few different characters, runs through consecutive characters
 * ('0123456789abcdef…'), holds the same block of seven or more characters twice
 * ('passwordpassword…') or, all told, carries too little randomness. The
 * estimate is the string's own: each character that does not continue a run
 * counts the Shannon entropy of the string's characters. A value made by
 * `openssl rand -hex 32` or `-base64 32` passes with a wide margin; a word,
 * a date or a keyboard pattern typed by hand does not.
 */

/** The fewest different characters a secret may use. */
const MIN_DISTINCT = 8
/** The shortest block that may not appear twice (random hex of 64 characters repeats one of 7 about once in 10^6). */
const MIN_REPEATED = 7

/** The shortest block the whole value repeats (its period), or null when it repeats none. */
function repeatedBlock(value: string): number | null {
  for (let period = 1; period <= value.length / 2; period += 1) {
    let repeats = true
    for (let index = period; index < value.length && repeats; index += 1)
      repeats = value[index] === value[index - period]
    if (repeats) return period
  }
  return null
}

/** The length of the longest block of at least `min` characters found twice in the value, or null. */
function repeatedSequence(value: string, min: number): number | null {
  let longest: number | null = null
  for (let length = min; length <= value.length / 2; length += 1) {
    const seen = new Set<string>()
    let found = false
    for (let start = 0; start + length <= value.length && !found; start += 1) {
      const block = value.slice(start, start + length)
      found = seen.has(block)
      seen.add(block)
    }
    if (!found) break
    longest = length
  }
  return longest
}

/** Shannon entropy of the value's characters, in bits per character. */
function bitsPerCharacter(chars: readonly string[]): number {
  const counts = new Map<string, number>()
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1)
  let bits = 0
  for (const count of counts.values()) {
    const share = count / chars.length
    bits -= share * Math.log2(share)
  }
  return bits
}

/** Characters that continue a run: the same as the one before, or the next or previous code point. */
function runCharacters(chars: readonly string[]): number {
  let runs = 0
  for (let index = 1; index < chars.length; index += 1) {
    const step = (chars[index]?.codePointAt(0) ?? 0) - (chars[index - 1]?.codePointAt(0) ?? 0)
    if (Math.abs(step) <= 1) runs += 1
  }
  return runs
}

/** The randomness the value shows, in bits (see the module's comment). */
export function estimatedSecretBits(value: string): number {
  const chars = [...value]
  if (chars.length === 0 || repeatedBlock(value) !== null) return 0
  return Math.round((chars.length - runCharacters(chars)) * bitsPerCharacter(chars))
}

/** Why the value is too easy to guess (Italian, for the settings' error), or null when it is not. */
export function secretWeakness(value: string, minBits: number): string | null {
  const advice = 'genera un valore casuale, per esempio con `openssl rand -hex 32`'
  const period = repeatedBlock(value)
  if (period !== null)
    return period === 1
      ? `ripete sempre lo stesso carattere: ${advice}`
      : `ripete la stessa sequenza di ${period} caratteri: ${advice}`
  const chars = [...value]
  const distinct = new Set(chars).size
  if (distinct < MIN_DISTINCT)
    return `usa solo ${distinct} caratteri diversi (ne servono almeno ${MIN_DISTINCT}): ${advice}`
  if (runCharacters(chars) * 2 > chars.length)
    return `è per lo più una sequenza di caratteri consecutivi o ripetuti: ${advice}`
  const repeated = repeatedSequence(value, MIN_REPEATED)
  if (repeated !== null) return `contiene due volte la stessa sequenza di ${repeated} caratteri: ${advice}`
  const bits = estimatedSecretBits(value)
  if (bits < minBits)
    return `è troppo prevedibile (circa ${bits} bit di casualità, ne servono almeno ${minBits}): ${advice}`
  return null
}
