/**
 * Pure mappings from content records (shaped like the entities of
 * docs/data-format.md) to the documents the search index holds.
 */
import { previewText, representativenessRank, type Representativeness } from '../content/index.ts'
import type { ContractEntry, NewsEntry, NewsType, TextSectionEntry } from './schemas.ts'
import { excerptOf, htmlToText, splitHtmlAtAnchors } from './text.ts'

export type SectorRecord = { code: number; name: string }
export type ContractRecord = {
  code: number
  sectorCode: number
  title: string
  shortTitle?: string | null
  cnelCode?: string | null
  /** The CNEL archive's representativeness facts (none when absent). */
  representativeness?: Representativeness | null
}
/** What the database holds of a contract besides its name. */
export type ContractContent = { texts: boolean; payTables: boolean; summaries: boolean }
export type CategoryRecord = { code: number; contractCode: number; name: string }
export type NewsRecord = {
  guid: string
  slug: string
  title: string
  date: string
  type: NewsType
  html: string
  sectorCodes?: readonly number[] | null
  contractCodes?: readonly number[] | null
}
export type NavNode = { text: string; value: string; children?: readonly NavNode[] | null }
export type ContractTextRecord = {
  code: number
  title: string
  html: string
  nav?: readonly NavNode[] | null
}

/** Length of the excerpt stored with each news item (the card's: search results are list cards). */
export const NEWS_EXCERPT_LENGTH = 100

const optional = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

/** The content score of a contract, 0 to 3: one point each for a text, pay tables and summaries. */
export const contentScore = (content: ContractContent | null | undefined): number =>
  content ? Number(content.texts) + Number(content.payTables) + Number(content.summaries) : 0

/** Everyday names trimmed, single-spaced and without repeats (case and accents ignored). */
export function cleanAliases(names: readonly string[]): string[] {
  const seen = new Map<string, string>()
  for (const name of names) {
    const clean = name.replace(/\s+/g, ' ').trim()
    const key = clean
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
    if (clean && !seen.has(key)) seen.set(key, clean)
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'it'))
}

/**
 * The contract-search entries of a contract: one per category, carrying the
 * contract and its sector, the contract's everyday names and its ranking
 * signals (representativeness, content).
 */
export function contractEntries(input: {
  sector: SectorRecord
  contract: ContractRecord
  categories: readonly CategoryRecord[]
  aliases?: readonly string[]
  content?: ContractContent | null
}): ContractEntry[] {
  const { sector, contract } = input
  const aliases = cleanAliases(input.aliases ?? [])
  const representativeness = contract.representativeness
    ? representativenessRank(contract.representativeness)
    : 0
  const content = contentScore(input.content)
  return input.categories.map((category) => {
    const entry: ContractEntry = {
      kind: 'contract',
      categoryCode: category.code,
      categoryName: category.name.trim(),
      contractCode: contract.code,
      contractTitle: contract.title.trim(),
      sectorCode: sector.code,
      sectorName: sector.name.trim(),
      aliases,
      representativeness,
      content,
    }
    const shortTitle = optional(contract.shortTitle)
    const cnelCode = optional(contract.cnelCode)
    if (shortTitle) entry.contractShortTitle = shortTitle
    if (cnelCode) entry.cnelCode = cnelCode
    return entry
  })
}

/** The search document of a news item, deadline or changelog item. */
export function newsEntry(news: NewsRecord): NewsEntry {
  const text = htmlToText(news.html)
  // What every visitor may read: a changelog item whole, a paid item's opening its page shows everyone.
  const freeText = news.type === 'changelog' ? text : previewText(news.html)
  return {
    kind: 'news',
    guid: news.guid,
    slug: news.slug,
    title: news.title.trim(),
    text,
    freeText,
    // Results are public: the excerpt comes from the free part too.
    excerpt: excerptOf(freeText, NEWS_EXCERPT_LENGTH),
    date: news.date.slice(0, 10),
    type: news.type,
    sectorCodes: [...new Set(news.sectorCodes ?? [])],
    contractCodes: [...new Set(news.contractCodes ?? [])],
  }
}

/** True for index-tree nodes the portal never shows. */
export const isHiddenNode = (node: NavNode): boolean => node.value.includes('/29999')

const anchorOf = (value: string): string => value.trim().replace(/^#/, '')

/** The visible nodes of an index tree, depth first: anchor -> node text. */
function visibleAnchors(nav: readonly NavNode[]): Map<string, string> {
  const anchors = new Map<string, string>()
  const visit = (nodes: readonly NavNode[]) => {
    for (const node of nodes) {
      // A hidden node hides its whole branch; its text stays in the section before it.
      if (isHiddenNode(node)) continue
      const anchor = anchorOf(node.value)
      if (anchor && !anchors.has(anchor)) anchors.set(anchor, node.text.trim())
      if (node.children) visit(node.children)
    }
  }
  visit(nav)
  return anchors
}

/**
 * The sections of a contract text for in-document search: the text is cut at
 * every element its index tree points to; each section is headed by the
 * node's text. Text before the first anchor is a section headed by the title.
 */
export function textSections(text: ContractTextRecord): TextSectionEntry[] {
  const headings = visibleAnchors(text.nav ?? [])
  return splitHtmlAtAnchors(text.html, new Set(headings.keys()))
    .filter((section) => section.text !== '')
    .map((section, position) => ({
      kind: 'textSection' as const,
      textCode: text.code,
      position,
      anchor: section.anchor,
      heading: section.anchor ? (headings.get(section.anchor) ?? '') : text.title.trim(),
      text: section.text,
    }))
}
