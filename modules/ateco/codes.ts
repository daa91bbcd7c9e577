/**
 * ATECO 2025 codes as ISTAT writes them: a section letter (A–V), then
 * divisions `56`, groups `56.1`, classes `56.11`, categories `56.11.1` and
 * sub-categories `56.11.11`. Pure functions, no data.
 */

/** The six levels of the classification, from the broadest (GERARCHIA 1 to 6). */
export const atecoLevels = [
  'sezione',
  'divisione',
  'gruppo',
  'classe',
  'categoria',
  'sottocategoria',
] as const
export type AtecoLevel = (typeof atecoLevels)[number]

const SECTION = /^[A-V]$/
const NUMERIC = /^(\d{2})(?:\.(\d)(\d)?(?:\.(\d)(\d)?)?)?$/

/**
 * The canonical spelling of a code (`56.11.11`, `56.1`, `I`), or null when
 * the text is no ATECO code. Accepts spaces, commas or no separators at
 * all (`561111`, `56 11 11`) and a lower-case section letter.
 */
export function normalizeAtecoCode(text: string): string | null {
  const trimmed = text.trim().toUpperCase()
  if (SECTION.test(trimmed)) return trimmed
  // A section letter before the digits, as some registers print it (I56.11.11).
  const withoutSection = /^[A-V]\s*\d/.test(trimmed) ? trimmed.slice(1).trim() : trimmed
  if (!/^[\d.\s,]+$/.test(withoutSection)) return null
  const digits = withoutSection.replace(/[.\s,]/g, '')
  if (!/^\d{2,6}$/.test(digits)) return null
  // Dotted input keeps its grouping only when it is ISTAT's (2, then 1–2, then 1–2 digits).
  if (/\./.test(withoutSection) && !NUMERIC.test(withoutSection.replace(/\s/g, ''))) return null
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 6)].filter((part) => part !== '')
  return parts.join('.')
}

/** The level of a canonical code (`56.11.11` is a sottocategoria), or null. */
export function levelOfCode(code: string): AtecoLevel | null {
  if (SECTION.test(code)) return 'sezione'
  const match = NUMERIC.exec(code)
  if (!match) return null
  const depth = match.slice(1).filter((part) => part !== undefined).length
  return atecoLevels[depth] ?? null
}

/** The code one level up (`56.11.11` → `56.11.1`, `56.1` → `56`); a division's parent is its section, not derivable here (null). */
export function parentOfCode(code: string): string | null {
  const level = levelOfCode(code)
  if (level === null || level === 'sezione' || level === 'divisione') return null
  return code.slice(0, -1).replace(/\.$/, '')
}

/** The digits of a numeric code (`56.11.11` → `561111`): a prefix of them is an ancestor. */
export const digitsOf = (code: string): string => code.replace(/\D/g, '')

/** The division (first two digits) of a numeric code, or null for a section. */
export const divisionOf = (code: string): string | null => (SECTION.test(code) ? null : code.slice(0, 2))

/**
 * How a classification code relates to a searched code: the same code, one
 * of its ancestors (a category classified `56.11` covers `56.11.11`), one of
 * its descendants (a search for `56` finds `56.11.11`), or none.
 */
export function codeRelation(
  classified: string,
  searched: string,
): 'same' | 'ancestor' | 'descendant' | null {
  if (SECTION.test(classified) || SECTION.test(searched)) return null
  const left = digitsOf(classified)
  const right = digitsOf(searched)
  if (left.length < 2 || right.length < 2) return null
  if (left === right) return 'same'
  if (right.startsWith(left)) return 'ancestor'
  if (left.startsWith(right)) return 'descendant'
  return null
}
