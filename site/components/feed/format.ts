/** Small formatting helpers of the feed's pages. */
import { it } from '#modules/i18n'
import type { NewsCard, NewsKind } from '#modules/feed'

/** `aaaa-mm-gg` as `gg/mm/aaaa`. */
export function dayLabel(isoDay: string): string {
  const [year, month, day] = isoDay.slice(0, 10).split('-')
  return `${day}/${month}/${year}`
}

/** The label of a kind of item ('Notizia', 'Scadenza', 'AGGIORNAMENTO PRODOTTI'). */
export function kindLabel(kind: NewsKind): string {
  return it.feed.kinds[kind]
}

/** The badge variant of a kind of item. */
export function kindVariant(kind: NewsKind): 'info' | 'warning' | 'success' {
  return kind === 'deadline' ? 'warning' : kind === 'changelog' ? 'success' : 'info'
}

/** The article address of a card: contract news pages keep their own address. */
export function cardHref(card: NewsCard): string {
  return card.link
}
