/**
 * A news or deadline card: kind, date, title (the whole card links to the
 * article) and an excerpt of `excerptLength` characters (100 on cards, 350 on
 * the featured card, 80 in the related list). The markup of a card is built
 * once for each length and variant: the feed's lists come from its read cache,
 * the same card objects for every reader while cached, and most pages show
 * some of them (LoadMoreNews builds the same markup in the browser).
 */
import { excerpt, type NewsCard } from '../../../modules/feed/index.ts'
import { html } from '../../../modules/platform/index.ts'
import { dayLabel, kindLabel, kindVariant } from './format.ts'

export type NewsCardVariant = 'default' | 'featured' | 'compact'

const built = new WeakMap<NewsCard, Map<string, string>>()

/** The card's HTML (every value escaped). */
export function newsCardHtml(
  card: NewsCard,
  excerptLength: number,
  variant: NewsCardVariant = 'default',
): string {
  let versions = built.get(card)
  if (!versions) {
    versions = new Map()
    built.set(card, versions)
  }
  const key = `${variant}:${excerptLength}`
  let markup = versions.get(key)
  if (markup === undefined) {
    markup = buildCard(card, excerptLength, variant)
    versions.set(key, markup)
  }
  return markup
}

function buildCard(card: NewsCard, excerptLength: number, variant: NewsCardVariant): string {
  const text = excerpt(card.estratto, excerptLength)
  return html`<article class="news-card news-card--${variant}" data-kind="${card.guid_categoria}"> <p class="news-card__meta"> <span class="badge badge--${kindVariant(card.guid_categoria)}">${kindLabel(card.guid_categoria)}</span> <time datetime="${card.data}">${dayLabel(card.data)}</time> </p> <h3 class="news-card__title"><a href="${card.link}">${card.titolo}</a></h3>${text && html` <p class="news-card__excerpt">${text}</p>`} </article>`
    .value
}
