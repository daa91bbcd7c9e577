/** A URL slug from a title: lower case, no accents, words joined by hyphens. */
export function slugify(title: string, maxLength = 120): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  if (slug.length <= maxLength) return slug
  const cut = slug.slice(0, maxLength)
  return cut.includes('-') ? cut.slice(0, cut.lastIndexOf('-')) : cut
}

/** Sentence case of an upper-case name: `TERZIARIO E SERVIZI` -> `Terziario e servizi`. */
export function sentenceCase(name: string): string {
  const lower = name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('it-IT')
  return lower.charAt(0).toLocaleUpperCase('it-IT') + lower.slice(1)
}

/** A name compared case- and whitespace-insensitively. */
export function comparableName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLocaleLowerCase('it-IT')
}
