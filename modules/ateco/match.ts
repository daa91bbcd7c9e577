/**
 * Which contracts apply to an activity: the ATECO codes a query names (a
 * code, a prefix of one, or words of the titles and notes), and for each the
 * contracts whose categories carry that code, with the reason. Pure: the data
 * are given (see find-contracts.ts for where they come from).
 */
import {
  atecoLevels,
  codeRelation,
  levelOfCode,
  normalizeAtecoCode,
  parentOfCode,
  type AtecoLevel,
} from './codes.ts'
import { ateco2025Of } from './raccordo.ts'
import { queryTerms, titleStems, type QueryTerm } from './words.ts'

/** A code of the ISTAT list. */
export type AtecoEntry = {
  code: string
  title: string
  level: AtecoLevel
  section: string
  parentCode: string | null
  includes: string | null
  order: number
}

/** How many employers and employees apply a contract (CNEL-INPS figures from the Uniemens flows, loaded by the import). */
export type Application = { employers: number | null; employees: number | null; source: string | null }

/** A category classified with an ATECO code, with its contract's facts for ordering. */
export type CategoryLink = {
  /** The classification's code (as stored: `56.11`, `56.11.11`). */
  atecoCode: string
  /** The section of that code, when the list knows its division. */
  section: string | null
  category: { code: number; name: string }
  contract: {
    code: number
    title: string
    cnelCode: string | null
    sectorCode: number
    sectorName: string
    /** The application figures, when the import loaded them. */
    application: Application | null
  }
  /** representativenessRank of the contract (0–4): the leading contract of a sector has the highest. */
  rank: number
  /** Whether the contract has pay tables or texts (before a name-only entry). */
  hasContent: boolean
}

export type Reason =
  | { kind: 'code'; codes: string[]; categories: string[] }
  /** No category has the code: the nearest broader code (its category, class, group or division) that some have. */
  | { kind: 'near'; code: string; level: AtecoLevel; title: string }
  | { kind: 'section'; section: string; sectionTitle: string }

/** A contract usually applied to a code, with the categories that say so. */
export type ContractSuggestion = {
  contract: CategoryLink['contract']
  categories: CategoryLink['category'][]
  reason: Reason
  /** The most applied of a direct match: only when every contract offered has application figures. */
  leading: boolean
}

/**
 * How the contracts of a code are ordered: by application (employees, then
 * employers) when every contract offered has the figures, otherwise by the
 * representativeness of their signatories.
 */
export type Ordering = 'application' | 'representativeness'

export type CodeMatch = { entry: AtecoEntry; contracts: ContractSuggestion[]; ordering: Ordering | null }

/**
 * How a code query that is not an ATECO 2025 code was read: an ATECO 2007
 * code through ISTAT's correspondence table, or (no row there either) the
 * nearest broader ATECO 2025 code by prefix.
 */
export type Mapping =
  { kind: 'istat'; from: string; to: string[] } | { kind: 'nearest'; from: string; to: string }

export type FinderResult = {
  query: string
  kind: 'code' | 'words' | 'empty'
  /** The code searched (canonical), for a code query. */
  code: string | null
  /** For a code not in the list and not in ISTAT's table: the nearest broader code that is (its results are shown). */
  nearest: string | null
  /** How a code outside the ATECO 2025 list was read (ISTAT's table or the nearest code). */
  mapping: Mapping | null
  /** A 2025 code that, read as an ATECO 2007 code, means other 2025 codes (25.62 of 2007 is 25.53 in 2025). */
  alsoAteco2007: { code: string; to: string[] } | null
  matches: CodeMatch[]
}

/** The most codes and contracts per code an answer lists. */
export const MAX_CODES = 8
export const MAX_CONTRACTS = 10

/** True when the text looks like a code (digits and dots, or a lone section letter). */
export function looksLikeCode(query: string): boolean {
  const trimmed = query.trim()
  return /^[A-Va-v]$/.test(trimmed) || /^[A-Va-v]?\s*\d[\d.\s,]*$/.test(trimmed)
}

type Applicable = { links: CategoryLink[]; reason: (group: CategoryLink[]) => Reason; direct: boolean }

/**
 * The links that apply to an entry: those classified with the code itself, an
 * ancestor or a descendant; failing that, those of the nearest broader code
 * (up to the division); failing that, those of the same section.
 */
function applicable(
  entry: AtecoEntry,
  links: readonly CategoryLink[],
  byCode: ReadonlyMap<string, AtecoEntry>,
  sections: ReadonlyMap<string, string>,
): Applicable {
  if (entry.level === 'sezione') {
    const inSection = links.filter((link) => link.section === entry.code)
    return { links: inSection, reason: (group) => codeReason(group), direct: true }
  }
  const direct = links.filter((link) => codeRelation(link.atecoCode, entry.code) !== null)
  if (direct.length > 0) return { links: direct, reason: (group) => codeReason(group), direct: true }
  for (let parent = parentOfCode(entry.code); parent; parent = parentOfCode(parent)) {
    const code = parent
    const near = links.filter((link) => codeRelation(link.atecoCode, code) === 'descendant')
    if (near.length > 0) {
      const known = byCode.get(code)
      return {
        links: near,
        direct: false,
        reason: () => ({
          kind: 'near',
          code,
          level: levelOfCode(code) ?? 'divisione',
          title: known?.title ?? '',
        }),
      }
    }
  }
  const sameSection = links.filter((link) => link.section === entry.section)
  return {
    links: sameSection,
    direct: false,
    reason: () => ({
      kind: 'section',
      section: entry.section,
      sectionTitle: sections.get(entry.section) ?? '',
    }),
  }
}

/** The categories of a contract's links, each once, by code. */
function uniqueCategories(group: readonly CategoryLink[]): CategoryLink['category'][] {
  const byCode = new Map(group.map((link) => [link.category.code, link.category]))
  return [...byCode.values()].sort((a, b) => a.code - b.code)
}

function codeReason(group: CategoryLink[]): Reason {
  return {
    kind: 'code',
    codes: [...new Set(group.map((link) => link.atecoCode))].sort(),
    categories: uniqueCategories(group).map((category) => category.name),
  }
}

const employeesOf = (group: CategoryLink[]) =>
  (group[0] as CategoryLink).contract.application?.employees ?? null
const employersOf = (group: CategoryLink[]) => (group[0] as CategoryLink).contract.application?.employers ?? 0

/** By representativeness of the signatories, then content (pay tables or texts), then title. */
function byRepresentativeness(left: CategoryLink[], right: CategoryLink[]): number {
  const a = left[0] as CategoryLink
  const b = right[0] as CategoryLink
  return (
    b.rank - a.rank ||
    Number(b.hasContent) - Number(a.hasContent) ||
    a.contract.title.localeCompare(b.contract.title, 'it') ||
    a.contract.code - b.contract.code
  )
}

function suggestionsFor(
  entry: AtecoEntry,
  links: readonly CategoryLink[],
  byCode: ReadonlyMap<string, AtecoEntry>,
  sections: ReadonlyMap<string, string>,
): { contracts: ContractSuggestion[]; ordering: Ordering | null } {
  const chosen = applicable(entry, links, byCode, sections)
  const byContract = new Map<number, CategoryLink[]>()
  for (const link of chosen.links) {
    const group = byContract.get(link.contract.code) ?? []
    group.push(link)
    byContract.set(link.contract.code, group)
  }
  const groups = [...byContract.values()]
  if (groups.length === 0) return { contracts: [], ordering: null }
  // «Il più applicato» only where application data back it: every contract offered has its figures.
  const measured = chosen.direct && groups.every((group) => employeesOf(group) !== null)
  const ordered = measured
    ? groups.sort(
        (left, right) =>
          (employeesOf(right) ?? 0) - (employeesOf(left) ?? 0) ||
          employersOf(right) - employersOf(left) ||
          byRepresentativeness(left, right),
      )
    : groups.sort(byRepresentativeness)
  const contracts = ordered.slice(0, MAX_CONTRACTS).map((group, index) => ({
    contract: (group[0] as CategoryLink).contract,
    categories: uniqueCategories(group),
    reason: chosen.reason(group),
    leading: measured && index === 0,
  }))
  return { contracts, ordering: measured ? 'application' : 'representativeness' }
}

/** The stems of each entry's title and notes and how rare each stem is (inverse document frequency). */
type WordIndex = { title: Set<string>[]; notes: Set<string>[]; idf: Map<string, number> }

const indexes = new WeakMap<readonly AtecoEntry[], WordIndex>()

function wordIndex(entries: readonly AtecoEntry[]): WordIndex {
  const known = indexes.get(entries)
  if (known) return known
  const title = entries.map((entry) => new Set(titleStems(entry.title)))
  const notes = entries.map((entry) => new Set(titleStems(entry.includes ?? '')))
  const frequency = new Map<string, number>()
  title.forEach((stems, index) => {
    for (const stem of new Set([...stems, ...(notes[index] as Set<string>)]))
      frequency.set(stem, (frequency.get(stem) ?? 0) + 1)
  })
  const idf = new Map([...frequency].map(([stem, count]) => [stem, Math.log(1 + entries.length / count)]))
  const index = { title, notes, idf }
  indexes.set(entries, index)
  return index
}

/** Whether a code contains another: a section its codes, a code its descendants. */
const contains = (outer: AtecoEntry, inner: AtecoEntry) =>
  outer.level === 'sezione'
    ? inner.section === outer.code
    : codeRelation(outer.code, inner.code) === 'ancestor'

/** A phrase found only in a code's notes counts this much of a phrase found in its title. */
const NOTES_WEIGHT = 0.7
/** A code is kept when it carries at least this share of the query's meaning. */
const MIN_COVERAGE = 0.5

/**
 * How much of the query an entry carries, 0 to 1 (`score`): each term counts
 * with the rarity (IDF) of the words that satisfy it, so rare meaning words
 * («software», «latte») weigh more than the words every title shares
 * («produzione», «attività»); a term the whole list never uses is left out.
 * `focus` is the share of the title's own weight the query accounts for: of
 * two codes carrying the query alike, the one whose title is about it
 * («Attività di ristoranti…») comes before the one that only mentions it
 * («Commercio all'ingrosso di macchine … per ristoranti e bar»).
 */
function relevance(terms: QueryTerm[], index: WordIndex, position: number): { score: number; focus: number } {
  const idf = (stem: string) => index.idf.get(stem) ?? 0
  const weight = (stems: string[]) =>
    stems.every((stem) => index.idf.has(stem)) ? stems.reduce((sum, stem) => sum + idf(stem), 0) : 0
  const title = index.title[position] as Set<string>
  const notes = index.notes[position] as Set<string>
  const used = new Set<string>()
  let total = 0
  let carried = 0
  for (const term of terms) {
    const weights = term.alternatives.map(weight)
    const best = Math.max(...weights)
    if (best === 0) continue
    total += best
    let found = 0
    term.alternatives.forEach((stems, at) => {
      const inTitle = stems.every((stem) => title.has(stem))
      const inNotes = !inTitle && stems.every((stem) => title.has(stem) || notes.has(stem))
      if (!inTitle && !inNotes) return
      for (const stem of stems) if (title.has(stem)) used.add(stem)
      found = Math.max(found, (weights[at] as number) * (inTitle ? 1 : NOTES_WEIGHT))
    })
    carried += found
  }
  const titleWeight = [...title].reduce((sum, stem) => sum + idf(stem), 0)
  const usedWeight = [...used].reduce((sum, stem) => sum + idf(stem), 0)
  return { score: total === 0 ? 0 : carried / total, focus: titleWeight === 0 ? 0 : usedWeight / titleWeight }
}

/**
 * The codes whose titles (or notes) carry the query's meaning, best first:
 * Italian stems and the committed synonyms, each word weighted by how rare
 * it is in the list; a code is dropped when a descendant says as much.
 */
export function matchWords(query: string, entries: readonly AtecoEntry[]): AtecoEntry[] {
  const terms = queryTerms(query)
  if (terms.length === 0) return []
  const index = wordIndex(entries)
  const scored = entries
    .map((entry, position) => ({ entry, ...relevance(terms, index, position) }))
    .filter((item) => item.score >= MIN_COVERAGE)
  // A code and its descendant both matching as well: the descendant says more.
  const specific = scored.filter(
    (item) =>
      !scored.some(
        (other) =>
          other.entry !== item.entry && other.score >= item.score && contains(item.entry, other.entry),
      ),
  )
  return specific
    .sort(
      (left, right) =>
        right.score - left.score ||
        right.focus - left.focus ||
        atecoLevels.indexOf(right.entry.level) - atecoLevels.indexOf(left.entry.level) ||
        left.entry.order - right.entry.order,
    )
    .slice(0, MAX_CODES)
    .map((item) => item.entry)
}

/** The ATECO 2025 codes of an ATECO 2007 code, same division first, as entries of the list. */
function mappedEntries(
  targets: string[],
  from: string,
  byCode: ReadonlyMap<string, AtecoEntry>,
): AtecoEntry[] {
  const division = from.slice(0, 2)
  return targets
    .filter((code) => byCode.has(code))
    .sort(
      (left, right) =>
        Number(right.startsWith(division)) - Number(left.startsWith(division)) || left.localeCompare(right),
    )
    .map((code) => byCode.get(code) as AtecoEntry)
}

/** The answer to a query: a code (ATECO 2025, or 2007 through ISTAT's table, or a prefix) or words. */
export function findByActivity(
  query: string,
  entries: readonly AtecoEntry[],
  links: readonly CategoryLink[],
): FinderResult {
  const text = query.trim()
  const sections = new Map(
    entries.filter((entry) => entry.level === 'sezione').map((entry) => [entry.code, entry.title]),
  )
  const byCode = new Map(entries.map((entry) => [entry.code, entry]))
  const answer = (list: AtecoEntry[]) =>
    list.map((entry) => ({ entry, ...suggestionsFor(entry, links, byCode, sections) }))
  const empty = { code: null, nearest: null, mapping: null, alsoAteco2007: null, matches: [] }
  if (text === '') return { query: text, kind: 'empty', ...empty }
  if (!looksLikeCode(text))
    return { query: text, kind: 'words', ...empty, matches: answer(matchWords(text, entries)) }
  const code = normalizeAtecoCode(text)
  if (code === null) return { query: text, kind: 'code', ...empty }
  const base = { query: text, kind: 'code' as const, code }
  const exact = byCode.get(code)
  const istat = levelOfCode(code) === 'sezione' ? null : ateco2025Of(code)
  if (exact) {
    const other = istat?.filter((target) => target !== code) ?? []
    return {
      ...base,
      nearest: null,
      mapping: null,
      alsoAteco2007: other.length > 0 && istat ? { code, to: istat } : null,
      matches: answer([exact]),
    }
  }
  // Not an ATECO 2025 code: an ATECO 2007 code in ISTAT's table, or else the nearest broader code.
  const mapped = istat ? mappedEntries(istat, code, byCode) : []
  if (istat && mapped.length > 0)
    return {
      ...base,
      nearest: null,
      mapping: { kind: 'istat', from: code, to: mapped.map((entry) => entry.code) },
      alsoAteco2007: null,
      matches: answer(mapped.slice(0, MAX_CODES)),
    }
  let parent = levelOfCode(code) ? parentOfCode(code) : null
  while (parent && !byCode.has(parent)) parent = parentOfCode(parent)
  const nearest = parent ? byCode.get(parent) : undefined
  return {
    ...base,
    nearest: nearest?.code ?? null,
    mapping: nearest ? { kind: 'nearest', from: code, to: nearest.code } : null,
    alsoAteco2007: null,
    matches: nearest ? answer([nearest]) : [],
  }
}
