/**
 * The markup of a category card and of the favourite toggle, as plain
 * functions (every value escaped): the cards of /bancadati are drawn on every
 * request and, for a signed-in reader, outside Astro (site/lib/personal-page.ts).
 * ContractCard.astro and FavouriteButton.astro draw the same markup; the
 * toggle's behaviour is in client.ts (event delegation), loaded by the page.
 */
import { it } from '../../../modules/i18n/index.ts'
import type { CategoryEntry } from '../../../modules/database/index.ts'
import { html, rawHtml } from '../../../modules/platform/index.ts'
import { iconSvg } from '../icon-svg.ts'

export type FavouriteToggle = { uid: string; categoryCode: number; favourite: boolean; compact?: boolean }

/** The favourite toggle of one category (only for signed-in readers). */
export function favouriteButtonHtml({
  uid,
  categoryCode,
  favourite,
  compact = false,
}: FavouriteToggle): string {
  const t = it.database.favourites
  const label = favourite ? t.remove : t.add
  return html`<button type="button" class="db-fav" aria-pressed="${favourite ? 'true' : 'false'}" data-favourite data-uid="${uid}" data-category="${categoryCode}" data-added="${t.added}" data-removed="${t.removed}" data-removed-card="${t.removedCard}" data-label-on="${t.remove}" data-label-off="${t.add}" title="${label}"> ${rawHtml(iconSvg('star', 18))} <span data-label${compact ? rawHtml(' class="visually-hidden"') : ''}>${label}</span> </button>`
    .value
}

export type ContractCardOptions = {
  entry: CategoryEntry & { isFavorite?: boolean }
  /** The reader's account id: the card then has the favourite toggle. */
  uid?: string | null
  /** On the favourites page the card disappears when removed. */
  removable?: boolean
}

/** A category card: contract, category and links to the text, pay tables, news and dashboard. */
export function contractCardHtml({ entry, uid = null, removable = false }: ContractCardOptions): string {
  const path = `/bancadati/0/${entry.sectorCode}/${entry.contractCode}/${entry.categoryCode}`
  const t = it.database.search.cardLinks
  const toggle = uid
    ? rawHtml(
        ` ${favouriteButtonHtml({ uid, categoryCode: entry.categoryCode, favourite: entry.isFavorite ?? false, compact: true })}`,
      )
    : ''
  const removableAttributes = removable
    ? html` data-favourite-card="${String(entry.categoryCode)}" data-contract="${String(entry.contractCode)}"`
    : ''
  return html`<article class="card ccnl-card"${removableAttributes}> <div class="ccnl-card__head"> <p class="eyebrow">${entry.sectorName}</p>${toggle} </div> <h3 class="ccnl-card__title"><a href="${path}">${entry.contractShortTitle ?? entry.contractTitle}</a></h3> <p class="ccnl-card__category">${entry.categoryName}</p> <ul class="ccnl-card__links"> <li><a href="${path}/1">${rawHtml(iconSvg('book', 16))}${t.contract}</a></li> <li><a href="${path}/2">${rawHtml(iconSvg('table', 16))}${t.payTables}</a></li> <li> <a href="${path}/0/fromFilters?settore=${entry.sectorCode}&amp;contratto=${entry.contractCode}">${rawHtml(iconSvg('newspaper', 16))}${t.news}</a> </li> <li><a href="${path}">${rawHtml(iconSvg('grid', 16))}${t.dashboard}</a></li> </ul> </article>`
    .value
}
