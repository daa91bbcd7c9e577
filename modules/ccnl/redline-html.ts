/**
 * The redline as HTML: an article's body with the words struck and inserted
 * announced to screen readers, and the whole comparison as a printable
 * document. Every text is escaped: the article bodies come escaped from
 * modules/redline, everything else goes through the `html` tag.
 */
import { it } from '../i18n/index.ts'
import { html, rawHtml, type SafeHtml } from '../platform/index.ts'
import type { ArticleRedline } from '../redline/index.ts'
import type { TextRedline } from './compare-text-editions.ts'

const t = it.redline
const hidden = (text: string) => html`<span class="visually-hidden">${text}</span>`.value

/**
 * An article's body (escaped paragraphs with `<del>` and `<ins>`), each struck
 * and inserted run labelled for screen readers ('[eliminato: …]').
 */
export function labelledRedlineHtml(body: string): string {
  return body
    .replace(/<del>/g, `<del>${hidden(t.sr.struckStart)}`)
    .replace(/<\/del>/g, `${hidden(t.sr.end)}</del>`)
    .replace(/<ins>/g, `<ins>${hidden(t.sr.insertedStart)}`)
    .replace(/<\/ins>/g, `${hidden(t.sr.end)}</ins>`)
}

const dayText = (day: string) => day.split('-').reverse().join('/')

/** The counts line: '2 articoli aggiunti · 1 articolo eliminato · …'. */
export function redlineCounts(redline: Pick<TextRedline, 'counts'>): string {
  const { counts } = redline
  return [
    t.counts.added(counts.added),
    t.counts.removed(counts.removed),
    t.counts.changed(counts.changed),
    t.counts.unchanged(counts.unchanged),
  ].join(' · ')
}

function listOf(title: string, articles: ArticleRedline[]): SafeHtml {
  return html`<h2>${title} (${articles.length})</h2>${
    articles.length === 0
      ? html`<p>${t.lists.none}</p>`
      : html`<ul>${articles.map((article) => html`<li>${article.heading}</li>`)}</ul>`
  }`
}

/** What changed in a changed article: its words struck and inserted, or only its number or title. */
export function changeNote(article: ArticleRedline): string | null {
  if (article.change !== 'changed') return null
  return article.struck + article.inserted === 0 ? t.retitled : t.words(article.struck, article.inserted)
}

function articleOf(article: ArticleRedline): SafeHtml {
  const words = changeNote(article)
  return html`<section class="redline-article redline-article--${article.change}">
<h3 class="redline-article__heading">${article.heading} <span class="redline-tag redline-tag--${article.change}">${t.change[article.change]}</span></h3>
${article.previousHeading ? html`<p class="redline-article__previous">${t.previousHeading} ${article.previousHeading}</p>` : ''}
${words ? html`<p class="redline-article__words">${words}</p>` : ''}
<div class="redline-article__body">${rawHtml(labelledRedlineHtml(article.html))}</div>
</section>`
}

/** The comparison as one printable HTML document (the print type `confronto-testi`). */
export function redlinePrintHtml(redline: TextRedline): string {
  const { older, newer, articles } = redline
  const by = (change: ArticleRedline['change']) => articles.filter((article) => article.change === change)
  const unchanged = by('unchanged')
  return html`<div class="redline redline--print">
<h1>${t.printHeading}</h1>
<dl class="redline-editions">
<dt>${t.printFrom}</dt><dd>${older.titolo} (${dayText(older.data)})</dd>
<dt>${t.printTo}</dt><dd>${newer.titolo} (${dayText(newer.data)})</dd>
</dl>
<p class="redline-summary">${redlineCounts(redline)}</p>
<p class="redline-legend">${t.legend.title}: <del>${t.legend.struck}</del> <ins>${t.legend.inserted}</ins></p>
${listOf(t.lists.added, by('added'))}
${listOf(t.lists.removed, by('removed'))}
${listOf(t.lists.changed, by('changed'))}
<h2>${t.textTitle}</h2>
${
  articles.length === 0
    ? html`<p>${t.noArticles}</p>`
    : unchanged.length === articles.length
      ? html`<p>${t.noChanges}</p>`
      : articles.filter((article) => article.change !== 'unchanged').map(articleOf)
}
${
  unchanged.length > 0
    ? html`<h2>${t.printUnchanged} (${unchanged.length})</h2><ul class="redline-same-list">${unchanged.map(
        (article) => html`<li>${article.heading}</li>`,
      )}</ul>`
    : ''
}
</div>`.value
}
