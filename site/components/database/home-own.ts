/**
 * The reader's own part of the database home (/bancadati): their favourites
 * and recent contracts (first 4 each), or the most consulted contracts when
 * they have neither (and for visitors without an account). Drawn as markup by
 * a function, so that a signed-in reader's page can be served from its
 * access class's template with only this part drawn for them
 * (site/lib/personal-page.ts).
 */
import { categoryList, favouriteCodes, mostConsulted, recentCodes } from '../../../modules/database/index.ts'
import { it } from '../../../modules/i18n/index.ts'
import { html, rawHtml } from '../../../modules/platform/index.ts'
import { contractCardHtml } from './contract-card.ts'

export type OwnHome = {
  /** The sections' markup. */
  html: string
  /** The reader has favourites (the page's header then points the guided tour at the section). */
  hasFavourites: boolean
}

type Entries = Awaited<ReturnType<typeof categoryList>>['categorie']

function section(
  id: string,
  title: string,
  entries: Entries,
  uid: string | null,
  extra: { tour?: string; all?: boolean },
) {
  const head = extra.all
    ? html`<div class="home-head"> <h2 id="${id}" class="home-title"> ${title} </h2> <a href="/bancadati/preferiti">${it.database.home.allFavourites}</a> </div>`
    : html`<h2 id="${id}" class="home-title"> ${title} </h2>`
  const cards = rawHtml(entries.map((entry) => contractCardHtml({ entry, uid })).join(''))
  return html`<section aria-labelledby="${id}" class="stack"${extra.tour ? html` data-tour="${extra.tour}"` : ''}> ${head} <div class="cards"> ${cards} </div> </section>`
}

/** The own part of /bancadati for the account `uid` (null: a visitor without an account). */
export async function ownHome(uid: string | null): Promise<OwnHome> {
  const t = it.database.home
  const [favouriteList, recentList] = uid
    ? await Promise.all([favouriteCodes(uid), recentCodes(uid, 4)])
    : [[], []]
  // The reader's favourite codes are read once: they make the favourites list and every card's star.
  const flagged = new Set(favouriteList)
  const [favourites, recent] = uid
    ? await Promise.all([
        categoryList(favouriteList.slice(0, 4), uid, flagged),
        categoryList(recentList, uid, flagged),
      ])
    : [null, null]
  const parts: string[] = []
  if (favourites && favourites.categorie.length > 0)
    parts.push(
      section('home-preferiti', t.favourites, favourites.categorie, uid, { tour: 'bd-preferiti', all: true })
        .value,
    )
  if (recent && recent.categorie.length > 0)
    parts.push(section('home-recenti', t.recent, recent.categorie, uid, { tour: 'bd-recenti' }).value)
  if (parts.length === 0) {
    const consulted = await mostConsulted(uid, 4, flagged)
    parts.push(section('home-consultati', t.mostConsulted, consulted.categorie, uid, {}).value)
  }
  return { html: parts.join(' '), hasFavourites: (favourites?.categorie.length ?? 0) > 0 }
}
