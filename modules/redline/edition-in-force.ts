/** 'Il testo in vigore al gg/mm/aaaa': the edition whose date is the latest not after the day. */
export function editionInForce<T extends { date: string }>(editions: readonly T[], day: string): T | null {
  let found: T | null = null
  for (const edition of editions) {
    const date = edition.date.slice(0, 10)
    if (date <= day && (!found || date > found.date.slice(0, 10))) found = edition
  }
  return found
}
