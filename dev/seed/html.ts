/** Text helpers shared by the generators: HTML escaping, Italian number and date formats, slugs. */
import { escapeHtml } from '../../modules/platform/index.ts'

/** Escapes text for HTML content and attribute values (the platform's one escaper). */
export const esc = escapeHtml

/** Euro amount in the Italian format without the symbol: 1257.46 -> "1.257,46". */
export function euro(amount: number): string {
  const fixed = Math.abs(amount).toFixed(2)
  const [int, dec] = fixed.split('.') as [string, string]
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.')
  return `${amount < 0 ? '-' : ''}${grouped},${dec}`
}

/** Rounds to cents, avoiding binary artefacts (1.005 -> 1.01). */
export function cents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100
}

export const monthNames = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const

/** "2025-11-01" -> "01/11/2025". */
export function dateIt(iso: string): string {
  const [y, m, d] = iso.split('-')
  return `${d}/${m}/${y}`
}

/** "2025-11-01" -> "1° novembre 2025"; other days -> "16 dicembre 2025". */
export function dateLong(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number]
  return `${d === 1 ? '1°' : d} ${monthNames[m - 1]} ${y}`
}

/** "2025-11-01" -> "novembre 2025". */
export function monthYear(iso: string): string {
  const [y, m] = iso.split('-').map(Number) as [number, number]
  return `${monthNames[m - 1]} ${y}`
}

/** Adds days to an ISO date (UTC calendar arithmetic). */
export function addDays(iso: string, days: number): string {
  const t = Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000
  return new Date(t).toISOString().slice(0, 10)
}

/** Day of week of an ISO date: 0 Sunday ... 6 Saturday. */
export function weekday(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay()
}

/** A URL slug from Italian text: lower case, accents removed, words joined by hyphens. */
export function slugify(text: string, maxLength = 80): string {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= maxLength) return slug
  const cut = slug.slice(0, maxLength)
  const lastDash = cut.lastIndexOf('-')
  return lastDash > 20 ? cut.slice(0, lastDash) : cut
}

/** Joins paragraphs into `<p>` elements. */
export function paragraphs(texts: string[]): string {
  return texts.map((t) => `<p>${t}</p>`).join('\n')
}

/** A simple HTML table: header cells and body rows (cells already escaped or trusted). */
/** A bulleted list of escaped items. */
export function list(items: string[]): string {
  return `<ul>${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`
}

export function table(head: string[], rows: string[][], caption?: string): string {
  const cap = caption ? `<caption>${esc(caption)}</caption>` : ''
  const thead = `<thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>`
  const tbody = `<tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody>`
  return `<table>${cap}${thead}${tbody}</table>`
}

/** Roman numeral for titles and chapters (1..39 is all a contract needs). */
export function roman(n: number): string {
  const parts: [number, string][] = [
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ]
  let out = ''
  let rest = n
  for (const [value, sym] of parts) {
    while (rest >= value) {
      out += sym
      rest -= value
    }
  }
  return out
}

/** Collects the id attributes of an HTML fragment. */
export function htmlIds(html: string): Set<string> {
  const ids = new Set<string>()
  for (const m of html.matchAll(/\sid="([^"]+)"/g)) ids.add(m[1] as string)
  return ids
}

/** Ends a sentence with a full stop unless the text already ends with one ("Fon.Te."). */
export function period(text: string): string {
  return text.endsWith('.') ? text : `${text}.`
}
