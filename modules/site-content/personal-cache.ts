/**
 * The cache of pages that signed-in visitors of the same access class see
 * alike but for a few personal strings (in the shell: the name, the e-mail,
 * the picture, the initials, the account id the notifications island loads
 * with). Such a page is rendered once per address and class with a
 * placeholder (`placeholder(slot)`) where each personal string goes; every
 * visitor of the class then gets that template with their own strings put
 * in, escaped for HTML — and `prop` slots first as a JSON string, the way
 * Astro writes an island's props into an attribute.
 *
 * A template lives as long as the anonymous pages' cache generation it was
 * rendered in (every publish, here or in another instance, empties that
 * cache) and at most its page's lifetime (`PAGE_CACHE_TTL_MS` or less).
 */
import { escapeHtml } from '../platform/index.ts'
import { PAGE_CACHE_TTL_MS, publicPageCache } from './cache.ts'

const OPEN = '\uE000'
const CLOSE = '\uE001'
const SLOT = /\uE000([a-z]+)\uE001/g
/** At most this many templates (about 30 KB each). */
const MAX_TEMPLATES = 500

/**
 * How a personal string is written: as HTML text or attribute value, as a
 * string in an island's props, or as markup the page drew for the visitor.
 */
export type SlotEscape = 'html' | 'prop' | 'markup'
export type PersonalValue = { value: string; escape: SlotEscape }

/** The placeholder of a personal string while the template is rendered (private-use characters no escaping touches). */
export function placeholder(slot: string): string {
  return `${OPEN}${slot}${CLOSE}`
}

/** A rendered page cut at its placeholders: `parts[i]`, the value of `slots[i]`, …, the last part. */
export type PageTemplate = {
  parts: Buffer[]
  slots: string[]
  status: number
  headers: [string, string][]
}

/**
 * Cuts a rendered page at its placeholders. Undefined when a placeholder was
 * not written whole (something cut or changed a personal string): such a page
 * cannot be filled in for another visitor.
 */
export function compileTemplate(
  html: string,
  status = 200,
  headers: [string, string][] = [],
): PageTemplate | undefined {
  const parts: string[] = []
  const slots: string[] = []
  let from = 0
  SLOT.lastIndex = 0
  for (let match = SLOT.exec(html); match !== null; match = SLOT.exec(html)) {
    parts.push(html.slice(from, match.index))
    slots.push(match[1] as string)
    from = match.index + match[0].length
  }
  parts.push(html.slice(from))
  if (parts.some((part) => part.includes(OPEN) || part.includes(CLOSE))) return undefined
  return { parts: parts.map((part) => Buffer.from(part, 'utf8')), slots, status, headers }
}

/** A personal string as it goes into the page. */
function written({ value, escape }: PersonalValue): string {
  if (escape === 'markup') return value
  return escapeHtml(escape === 'prop' ? JSON.stringify(value).slice(1, -1) : value)
}

/** The page of one visitor: the template with their personal strings (a slot without a value is left empty). */
export function fillTemplate(
  template: PageTemplate,
  values: Readonly<Record<string, PersonalValue>>,
): Buffer {
  const chunks: Buffer[] = []
  template.parts.forEach((part, index) => {
    chunks.push(part)
    const slot = template.slots[index]
    if (slot === undefined) return
    const value = values[slot]
    if (value) chunks.push(Buffer.from(written(value), 'utf8'))
  })
  return Buffer.concat(chunks)
}

/**
 * A page whose placeholders could not all be cut (`compileTemplate` gave up)
 * for its one visitor: the whole placeholders filled in, the broken ones dropped.
 */
export function fillLeniently(html: string, values: Readonly<Record<string, PersonalValue>>): string {
  return html
    .replace(SLOT, (_match, slot: string) => {
      const value = values[slot]
      return value ? written(value) : ''
    })
    .replace(/[\uE000\uE001][a-z]*[\uE000\uE001]?/g, '')
}

type Entry = { template: PageTemplate; generation: number; expiresAt: number }

/** One process's templates, by address and access class. */
export type PersonalPageCache = {
  get(key: string, now?: number): PageTemplate | undefined
  /** The generation to pass to `store` for a page rendered from now on. */
  generation(): number
  /** Keeps a template for at most `ttlMs` (and `PAGE_CACHE_TTL_MS`) unless the generation changed meanwhile. */
  store(key: string, template: PageTemplate, generation: number, ttlMs?: number): void
}

/** A new, empty cache (the process uses one, `personalPageCache()`; tests make their own). */
export function createPersonalPageCache(
  currentGeneration: () => number = () => publicPageCache().generation(),
): PersonalPageCache {
  const entries = new Map<string, Entry>()
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.generation !== currentGeneration() || now > entry.expiresAt) {
        entries.delete(key)
        return undefined
      }
      return entry.template
    },
    generation: currentGeneration,
    store(key, template, generation, ttlMs = PAGE_CACHE_TTL_MS) {
      if (generation !== currentGeneration()) return
      if (entries.size >= MAX_TEMPLATES && !entries.has(key)) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(key, { template, generation, expiresAt: Date.now() + Math.min(ttlMs, PAGE_CACHE_TTL_MS) })
    },
  }
}

/** The process's cache. */
export function personalPageCache(): PersonalPageCache {
  processCache ??= createPersonalPageCache()
  return processCache
}

let processCache: PersonalPageCache | undefined
