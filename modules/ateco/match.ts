/**
 * Which contracts apply to an activity: the ATECO codes a query names (a
 * code, a prefix of one, or words of the titles and notes), and for each the
 * contracts whose categories carry that code, the leading one first. Pure:
 * the data are given (see find-contracts.ts for where they come from).
 */
import { codeRelation, levelOfCode, normalizeAtecoCode, parentOfCode, type AtecoLevel } from './codes.ts'

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

/** A category classified with an ATECO code, with its contract's facts for ordering. */
export type CategoryLink = {
  /** The classification's code (as stored: `56.11`, `56.11.11`). */
  atecoCode: string
  /** The section of that code, when the list knows its division. */
  section: string | null
  category: { code: number; name: string }
  contract: { code: number; title: string; cnelCode: string | null; sectorCode: number; sectorName: string }
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
  /** The first contract of a direct match: the one usually applied. */
  leading: boolean
}

export type CodeMatch = { entry: AtecoEntry; contracts: ContractSuggestion[] }

export type FinderResult = {
  query: string
  kind: 'code' | 'words' | 'empty'
  /** The code searched (canonical), for a code query. */
  code: string | null
  /** For a code not in the list: the nearest broader code that is (its results are shown). */
  nearest: string | null
  matches: CodeMatch[]
}

/** The most codes and contracts per code an answer lists. */
export const MAX_CODES = 8
export const MAX_CONTRACTS = 10

const STOP_WORDS = new Set(
  'a ad al alla alle agli ai con da dal dalla dei del della delle degli di e ed gli i il in la le lo nei nel nella o per su sul sulla un una uno che ecc tipo'.split(
    ' ',
  ),
)

/** Lower case, no accents, letters and digits only. */
export function plainText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** The searchable stems of a query: `ristorante` → `ristorant` (singular and plural alike). */
export function queryStems(query: string): string[] {
  const words = plainText(query)
    .split(' ')
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
  return [...new Set(words.map((word) => (word.length > 4 ? word.replace(/[aeiou]$/, '') : word)))]
}

/** A word of the text matches a stem when it starts with it and differs only by an ending. */
const matchesStem = (words: string[], stem: string) =>
  words.some((word) => word.startsWith(stem) && word.length <= stem.length + 3)

/** True when the text looks like a code (digits and dots, or a lone section letter). */
export function looksLikeCode(query: string): boolean {
  const trimmed = query.trim()
  return /^[A-Va-v]$/.test(trimmed) || /^[A-Va-v]?\s*\d[\d.\s,]*$/.test(trimmed)
}

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
): { links: CategoryLink[]; reason: (group: CategoryLink[]) => Reason } {
  if (entry.level === 'sezione') {
    const inSection = links.filter((link) => link.section === entry.code)
    return { links: inSection, reason: (group) => codeReason(group) }
  }
  const direct = links.filter((link) => codeRelation(link.atecoCode, entry.code) !== null)
  if (direct.length > 0) return { links: direct, reason: (group) => codeReason(group) }
  for (let parent = parentOfCode(entry.code); parent; parent = parentOfCode(parent)) {
    const code = parent
    const near = links.filter((link) => codeRelation(link.atecoCode, code) === 'descendant')
    if (near.length > 0) {
      const known = byCode.get(code)
      return {
        links: near,
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

function suggestionsFor(
  entry: AtecoEntry,
  links: readonly CategoryLink[],
  byCode: ReadonlyMap<string, AtecoEntry>,
  sections: ReadonlyMap<string, string>,
): ContractSuggestion[] {
  const chosen = applicable(entry, links, byCode, sections)
  const byContract = new Map<number, CategoryLink[]>()
  for (const link of chosen.links) {
    const group = byContract.get(link.contract.code) ?? []
    group.push(link)
    byContract.set(link.contract.code, group)
  }
  const ordered = [...byContract.values()].sort((left, right) => {
    const a = left[0] as CategoryLink
    const b = right[0] as CategoryLink
    return (
      b.rank - a.rank ||
      Number(b.hasContent) - Number(a.hasContent) ||
      a.contract.title.localeCompare(b.contract.title, 'it') ||
      a.contract.code - b.contract.code
    )
  })
  return ordered.slice(0, MAX_CONTRACTS).map((group, index) => {
    const reason = chosen.reason(group)
    return {
      contract: (group[0] as CategoryLink).contract,
      categories: uniqueCategories(group),
      reason,
      leading: reason.kind === 'code' && index === 0,
    }
  })
}

/** The codes whose title or notes hold every word of the query (the most specific ones), best first. */
export function matchWords(query: string, entries: readonly AtecoEntry[]): AtecoEntry[] {
  const stems = queryStems(query)
  if (stems.length === 0) return []
  const scored = entries.flatMap((entry) => {
    const title = plainText(entry.title).split(' ')
    const notes = plainText(entry.includes ?? '').split(' ')
    let score = 0
    let matched = 0
    for (const stem of stems) {
      if (matchesStem(title, stem)) {
        score += 2
        matched += 1
      } else if (matchesStem(notes, stem)) {
        score += 1
        matched += 1
      }
    }
    return matched === 0 ? [] : [{ entry, score, matched }]
  })
  const all = scored.filter((item) => item.matched === stems.length)
  const kept = all.length > 0 ? all : scored
  // A code and its descendant both matching: the descendant says more.
  const codes = kept.map((item) => item.entry.code)
  const specific = kept.filter(
    (item) =>
      item.entry.level === 'sezione' ||
      !codes.some((code) => code !== item.entry.code && codeRelation(item.entry.code, code) === 'ancestor'),
  )
  return specific
    .sort(
      (left, right) =>
        right.matched - left.matched || right.score - left.score || left.entry.order - right.entry.order,
    )
    .slice(0, MAX_CODES)
    .map((item) => item.entry)
}

/** The answer to a query: a code (or a prefix of one) or words. */
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
    list.map((entry) => ({ entry, contracts: suggestionsFor(entry, links, byCode, sections) }))
  if (text === '') return { query: text, kind: 'empty', code: null, nearest: null, matches: [] }
  if (looksLikeCode(text)) {
    const code = normalizeAtecoCode(text)
    if (code === null) return { query: text, kind: 'code', code: null, nearest: null, matches: [] }
    const exact = byCode.get(code)
    if (exact) return { query: text, kind: 'code', code, nearest: null, matches: answer([exact]) }
    // Not in the list (an ATECO 2007 code, a typo): the nearest broader code that is.
    let parent = levelOfCode(code) ? parentOfCode(code) : null
    while (parent && !byCode.has(parent)) parent = parentOfCode(parent)
    const nearest = parent ? byCode.get(parent) : undefined
    return {
      query: text,
      kind: 'code',
      code,
      nearest: nearest?.code ?? null,
      matches: nearest ? answer([nearest]) : [],
    }
  }
  return { query: text, kind: 'words', code: null, nearest: null, matches: answer(matchWords(text, entries)) }
}
