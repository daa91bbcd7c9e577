/**
 * Contract texts as HTML with Titolo/Capo/Articolo headings carrying anchor ids, the index
 * tree matching those anchors and the topic tree (argomenti) pointing at articles.
 */
import type { ArticleContext, ArticleTemplate } from './article-template.ts'
import { separateHiringArticles } from './articles-former.ts'
import { articleTemplates, textStructure, topicNames } from './articles.ts'
import type { ContractFact, PreviousEditionFact } from './facts/model.ts'
import { dateIt, dateLong, esc, euro, paragraphs, roman, table } from './html.ts'
import { trancheInForce, trancheLevels } from './pay.ts'
import type { Random } from './random.ts'
import type { ContractTextRecord, TopicRecord, TreeNode } from './types.ts'

const byKey = new Map(articleTemplates.map((a) => [a.key, a]))

/** Articles left out of the long texts so that they stay within 40 articles. */
const skippedInLongTexts = new Set(['riposo', 'aspettativa', 'morte'])

type BuiltDocument = { html: string; nav: TreeNode[]; topics: TopicRecord[] }

/** Text for the article of a section heading, e.g. "Art. 12 – Lavoro straordinario". */
function articleLabel(n: number, title: string): string {
  return `Art. ${n} – ${title}`
}

/**
 * The contract as an earlier edition described it: its vigenza and the terms the
 * later renewal changed (the articles read them from the contract).
 */
export function contractAsOf(contract: ContractFact, edition: PreviousEditionFact): ContractFact {
  return {
    ...contract,
    validFrom: edition.validFrom,
    expiresOn: edition.expiresOn,
    terms: { ...contract.terms, ...edition.terms },
  }
}

/**
 * Builds a national text: a heading, a premessa, the Titoli with their articles.
 * `full` selects every applicable article (long texts) or the core ones. With
 * `previous`, the earlier edition: without the articles the renewal introduced and
 * with those it merged, its terms as they were (pass `contractAsOf(...)` as the contract).
 */
export function buildNationalDocument(
  contract: ContractFact,
  options: {
    full: boolean
    heading: string
    payDate: string
    random: Random
    topicBase: number
    editorialNote?: string
    previous?: PreviousEditionFact
  },
): BuiltDocument {
  const introduced = new Set(options.previous?.introduced ?? [])
  /** The templates an entry of the structure stands for in this edition. */
  const templatesOf = (key: string): ArticleTemplate[] => {
    if (introduced.has(key)) return []
    if (key === 'assunzione' && options.previous?.separateHiringDocuments) return separateHiringArticles
    const template = byKey.get(key)
    return template ? [template] : []
  }
  const tranche = trancheInForce(contract.pay, options.payDate)
  const ctx: ArticleContext = {
    contract,
    levels: trancheLevels(contract.pay, tranche),
    payDate: tranche.date,
    random: options.random,
  }
  const include = (a: ArticleTemplate) =>
    (a.applies ? a.applies(contract) : true) && (options.full ? !skippedInLongTexts.has(a.key) : a.core)

  const parts: string[] = []
  const nav: TreeNode[] = []
  const topicNodes = new Map<string, { node: string; text: string }[]>()
  parts.push(`<h1 id="intestazione">${esc(options.heading)}</h1>`)
  parts.push(
    `<h2 id="premessa">Premessa</h2>\n` +
      paragraphs([
        `Il presente contratto collettivo nazionale di lavoro è stipulato tra ${esc(contract.employers)} e ${esc(contract.unions)}.`,
        `Le parti ne hanno curato la stesura coordinata, che recepisce le modifiche introdotte dagli accordi di rinnovo successivi fino a quello sottoscritto il ${dateLong(contract.signedOn)}.`,
      ]),
  )
  nav.push({ text: 'Premessa', value: 'premessa', children: [] })

  let articleNo = 0
  let titleNo = 0
  const renderArticles = (keys: string[], level: 'h3' | 'h4', into: TreeNode[]) => {
    for (const template of keys.flatMap(templatesOf)) {
      if (!include(template)) continue
      articleNo++
      const id = `art-${articleNo}`
      const label = articleLabel(articleNo, template.title)
      parts.push(`<${level} id="${id}">${esc(label)}</${level}>`)
      parts.push(template.body(ctx))
      into.push({ text: label, value: id, children: [] })
      const list = topicNodes.get(template.topic) ?? []
      list.push({ node: id, text: label })
      topicNodes.set(template.topic, list)
    }
  }

  for (const t of textStructure) {
    const hasContent = (t.articles ?? t.chapters?.flatMap((c) => c.articles) ?? []).some((k) => {
      const a = byKey.get(k)
      return a !== undefined && include(a)
    })
    if (!hasContent) continue
    titleNo++
    const titleId = `titolo-${titleNo}`
    const titleText = `Titolo ${roman(titleNo)} – ${t.title}`
    parts.push(`<h2 id="${titleId}">${esc(titleText)}</h2>`)
    const titleNode: TreeNode = { text: titleText, value: titleId, children: [] }
    if (t.chapters) {
      let chapterNo = 0
      for (const ch of t.chapters) {
        if (!ch.articles.some((k) => include(byKey.get(k) as ArticleTemplate))) continue
        chapterNo++
        const chapterId = `capo-${titleNo}-${chapterNo}`
        const chapterText = `Capo ${roman(chapterNo)} – ${ch.title}`
        parts.push(`<h3 id="${chapterId}">${esc(chapterText)}</h3>`)
        const chapterNode: TreeNode = { text: chapterText, value: chapterId, children: [] }
        renderArticles(ch.articles, 'h4', chapterNode.children)
        titleNode.children.push(chapterNode)
      }
    } else {
      renderArticles(t.articles ?? [], 'h3', titleNode.children)
    }
    nav.push(titleNode)
  }

  if (options.editorialNote) {
    const id = 'avvertenza/29999'
    parts.push(`<h2 id="${id}">Avvertenza</h2>`, `<p>${esc(options.editorialNote)}</p>`)
    nav.push({ text: 'Avvertenza', value: id, children: [] })
  }

  const topics: TopicRecord[] = []
  topicNames.forEach((name, i) => {
    const nodes = topicNodes.get(name)
    if (nodes && nodes.length > 0) topics.push({ id: options.topicBase + i + 1, name, nodes })
  })
  return { html: parts.join('\n'), nav, topics }
}

/** A renewal agreement (archive): its articles change the pay and a few institutes. */
export function buildRenewalDocument(contract: ContractFact, topicBase: number): BuiltDocument {
  const tranches = contract.pay.tranches
  const first = tranches[0]
  const last = tranches[tranches.length - 1]
  if (!first || !last) throw new Error(`no tranches for ${contract.code}`)
  const firstLevels = trancheLevels(contract.pay, first)
  const lastLevels = trancheLevels(contract.pay, last)
  const heading = `Accordo di rinnovo del ${dateLong(contract.signedOn)} – ${contract.shortTitle}`
  const rows = lastLevels.map((l) => {
    const before = firstLevels.find((f) => f.code === l.code)
    return [
      esc(l.code),
      euro(before?.basePay ?? 0),
      euro(l.basePay),
      euro(l.basePay - (before?.basePay ?? 0)),
    ]
  })
  const sections: [string, string, string][] = [
    [
      'art-1',
      'Art. 1 – Decorrenza e durata',
      paragraphs([
        `Il contratto collettivo nazionale di lavoro ${esc(contract.shortTitle)} è rinnovato con decorrenza dal ${dateLong(contract.validFrom)} e scadenza il ${dateLong(contract.expiresOn)}.`,
        esc(contract.renewal),
      ]),
    ],
    [
      'art-2',
      'Art. 2 – Aumenti retributivi',
      paragraphs([
        `I minimi tabellari sono incrementati secondo la seguente tabella (importi mensili lordi in euro):`,
      ]) +
        table(
          ['Livello', `Dal ${dateIt(first.date)}`, `Dal ${dateIt(last.date)}`, 'Incremento complessivo'],
          rows,
        ) +
        paragraphs([
          `Le decorrenze intermedie sono riportate nelle tabelle retributive allegate al presente accordo.`,
        ]),
    ],
    [
      'art-3',
      'Art. 3 – Una tantum',
      paragraphs([
        `A copertura del periodo di vacanza contrattuale ai lavoratori in forza alla data di sottoscrizione è corrisposto un importo una tantum, suddiviso in due rate, riproporzionato per i lavoratori a tempo parziale e per i periodi di servizio inferiori all'intero periodo di riferimento.`,
        `L'importo una tantum è escluso dalla base di calcolo del trattamento di fine rapporto.`,
      ]),
    ],
    [
      'art-4',
      'Art. 4 – Welfare contrattuale',
      paragraphs([
        `Le parti confermano gli strumenti di welfare contrattuale${contract.terms.health ? `, incrementando il contributo a favore di ${esc(contract.terms.health)}` : ''}, e si impegnano a verificarne l'utilizzo in sede di Osservatorio nazionale.`,
      ]),
    ],
    [
      'art-5',
      'Art. 5 – Modifiche alla parte normativa',
      paragraphs([
        `Sono modificate le disposizioni in materia di contratto a tempo determinato, lavoro agile, congedi per le donne vittime di violenza e tutela dei lavoratori affetti da patologie oncologiche, secondo i testi allegati che sostituiscono integralmente i corrispondenti articoli.`,
      ]),
    ],
  ]
  const html = [
    `<h1 id="intestazione">${esc(heading)}</h1>`,
    ...sections.map(([id, title, body]) => `<h2 id="${id}">${esc(title)}</h2>\n${body}`),
  ].join('\n')
  return {
    html,
    nav: sections.map(([id, title]) => ({ text: title, value: id, children: [] })),
    topics: [
      {
        id: topicBase + 1,
        name: 'Retribuzione',
        nodes: sections.slice(1, 3).map(([node, text]) => ({ node, text })),
      },
      {
        id: topicBase + 2,
        name: 'Welfare contrattuale',
        nodes: [{ node: 'art-4', text: 'Art. 4 – Welfare contrattuale' }],
      },
    ],
  }
}

/** Builds a second-level (territorial or company) agreement from its sections. */
export function buildSecondLevelDocument(
  heading: string,
  sections: { title: string; topic: string; html: string }[],
  topicBase: number,
): BuiltDocument {
  const parts = [`<h1 id="intestazione">${esc(heading)}</h1>`]
  const nav: TreeNode[] = []
  const topicMap = new Map<string, { node: string; text: string }[]>()
  sections.forEach((s, i) => {
    const id = `art-${i + 1}`
    const label = `Art. ${i + 1} – ${s.title}`
    parts.push(`<h2 id="${id}">${esc(label)}</h2>`, s.html)
    nav.push({ text: label, value: id, children: [] })
    const nodes = topicMap.get(s.topic) ?? []
    nodes.push({ node: id, text: label })
    topicMap.set(s.topic, nodes)
  })
  const topics = [...topicMap.entries()].map(([name, nodes], i) => ({ id: topicBase + i + 1, name, nodes }))
  return { html: parts.join('\n'), nav, topics }
}

/** Record helper: a national text record. */
export function nationalText(
  code: number,
  contract: ContractFact,
  edition: 'consolidated' | 'archive',
  typeCode: string,
  title: string,
  date: string,
  doc: BuiltDocument,
  /** The decorrenza of an edition, when its rules apply from another day than its date. */
  effectiveDate?: string,
): ContractTextRecord {
  return {
    code,
    contractCode: contract.code,
    scope: 'national',
    edition,
    typeCode,
    title,
    date,
    ...(effectiveDate && effectiveDate !== date ? { effectiveDate } : {}),
    html: doc.html,
    nav: doc.nav,
    topics: doc.topics,
  }
}
