/**
 * The addresses under a contract's dashboard:
 * /bancadati/0/{settore}/{contratto}[/{categoria}][/{suffix}].
 * Besides the numbered sections of the specification: /novita (what changed),
 * /arretrati (the arrears calculator, per category), /costo-lavoro (the cost of
 * labour, per category) and /confronto-testi (the
 * redline between two editions of the national text).
 */
import { summaryTypes, type SummaryType } from '#modules/content'

export type Section =
  | { kind: 'overview' }
  | { kind: 'news' }
  | { kind: 'search'; text: string }
  | { kind: 'text' }
  | { kind: 'payTables' }
  | { kind: 'summary'; type: SummaryType }
  | { kind: 'classifications' }
  | { kind: 'territorial' }
  | { kind: 'changes' }
  | { kind: 'arrears' }
  | { kind: 'labourCost' }
  | { kind: 'redline' }

export type DashboardRoute = {
  sectorCode: number
  contractCode: number
  categoryCode: number | null
  section: Section
}

const positive = (value: string | undefined) =>
  value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null

/** Parses the segments after /bancadati/0/; null for an address that is not a dashboard page. */
export function parseDashboardPath(
  sector: string,
  contract: string,
  rest: string | undefined,
): DashboardRoute | null {
  const sectorCode = positive(sector)
  const contractCode = positive(contract)
  if (sectorCode === null || contractCode === null) return null
  const parts = (rest ?? '').split('/').filter(Boolean)
  let categoryCode: number | null = null
  if (parts.length > 0 && positive(parts[0]) !== null && parts[0] !== '0') {
    categoryCode = positive(parts.shift())
  }
  const section = sectionOf(parts)
  return section ? { sectorCode, contractCode, categoryCode, section } : null
}

/**
 * The same address read without a category (/bancadati/0/{settore}/{contratto}/{suffix}):
 * used when the first segment is not a category of the contract.
 */
export function contractSectionOf(rest: string | undefined): Section | null {
  return sectionOf((rest ?? '').split('/').filter(Boolean))
}

function sectionOf(parts: string[]): Section | null {
  const [first, second, third] = parts
  if (first === undefined) return { kind: 'overview' }
  if (first === '0') {
    if (second === undefined || third !== undefined) return null
    return second === 'fromFilters' ? { kind: 'news' } : { kind: 'search', text: second }
  }
  if (parts.length === 1) {
    if (first === '1') return { kind: 'text' }
    if (first === '2') return { kind: 'payTables' }
    if (first === '3') return { kind: 'summary', type: 'schedesintetiche' }
    if (first === '4') return { kind: 'classifications' }
    if (first === '5') return { kind: 'territorial' }
    if (first === 'novita') return { kind: 'changes' }
    if (first === 'arretrati') return { kind: 'arrears' }
    if (first === 'costo-lavoro') return { kind: 'labourCost' }
    if (first === 'confronto-testi') return { kind: 'redline' }
    return null
  }
  if (parts.length === 2 && first === 'v2' && second === '2') return { kind: 'payTables' }
  if (parts.length === 2 && first === '3' && (summaryTypes as readonly string[]).includes(second ?? '')) {
    return { kind: 'summary', type: second as SummaryType }
  }
  return null
}

/** The address of a section of a dashboard. */
export function sectionPath(base: string, section: Section): string {
  switch (section.kind) {
    case 'overview':
      return base
    case 'news':
      return `${base}/0/fromFilters`
    case 'search':
      return `${base}/0/${encodeURIComponent(section.text)}`
    case 'text':
      return `${base}/1`
    case 'payTables':
      return `${base}/2`
    case 'summary':
      return section.type === 'schedesintetiche' ? `${base}/3` : `${base}/3/${section.type}`
    case 'classifications':
      return `${base}/4`
    case 'territorial':
      return `${base}/5`
    case 'changes':
      return `${base}/novita`
    case 'arrears':
      return `${base}/arretrati`
    case 'labourCost':
      return `${base}/costo-lavoro`
    case 'redline':
      return `${base}/confronto-testi`
  }
}
