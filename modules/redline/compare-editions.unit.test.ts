import { describe, expect, it } from 'vitest'
import { articlesOf } from './articles.ts'
import { compareEditions } from './compare-editions.ts'
import { editionInForce } from './edition-in-force.ts'

const edition2019 = `
<h1 id="intestazione">CCNL – testo 2019</h1>
<h2 id="titolo-1">Titolo I – Rapporto di lavoro</h2>
<h3 id="art-8">Art. 8 – Periodo di prova</h3>
<p>Il periodo di prova non può superare i 60 giorni di lavoro effettivo.</p>
<p>Durante il periodo di prova ciascuna parte può recedere senza preavviso.</p>
<h3 id="art-9">Art. 9 – Orario di lavoro</h3>
<p>L'orario normale di lavoro è fissato in 40 ore settimanali.</p>
<h3 id="art-10">Art. 10 – Lavoro notturno</h3>
<p>È considerato notturno il lavoro prestato tra le 22 e le 6.</p>
<h2 id="titolo-2">Titolo II – Sospensione</h2>
<h4 id="art-11">Art. 11 – Malattia &amp; infortunio</h4>
<p>Il lavoratore ha diritto alla conservazione del posto per 180 giorni.</p>
`

const edition2024 = `
<h1 id="intestazione">CCNL – testo 2024</h1>
<h2 id="titolo-1">Titolo I – Rapporto di lavoro</h2>
<h3 id="art-8">Art. 8 – Periodo di prova</h3>
<p>Il periodo di prova non può superare i 90 giorni di calendario.</p>
<p>Durante il periodo di prova ciascuna parte può recedere senza preavviso.</p>
<h3 id="art-9">Art. 9 – Orario di lavoro</h3>
<p>L'orario normale di lavoro è fissato in 40 ore settimanali.</p>
<h3 id="art-9-bis">Art. 9-bis – Lavoro agile</h3>
<p>Il lavoro agile è regolato da un accordo individuale scritto.</p>
<h2 id="titolo-2">Titolo II – Sospensione</h2>
<h4 id="art-11">Art. 11 – Malattia e infortunio</h4>
<p>Il lavoratore ha diritto alla conservazione del posto per 180 giorni.</p>
`

describe('articlesOf', () => {
  it('opens an article at each Art. heading and closes it at any other heading', () => {
    const articles = articlesOf(edition2019)
    expect(articles.map((article) => article.number)).toEqual(['8', '9', '10', '11'])
    expect(articles[0]).toMatchObject({
      title: 'Periodo di prova',
      heading: 'Art. 8 – Periodo di prova',
      anchor: 'art-8',
      paragraphs: [
        'Il periodo di prova non può superare i 60 giorni di lavoro effettivo.',
        'Durante il periodo di prova ciascuna parte può recedere senza preavviso.',
      ],
    })
    expect(articles[2]?.paragraphs).toEqual(['È considerato notturno il lavoro prestato tra le 22 e le 6.'])
    const table = articlesOf(
      '<h3>Art. 8 – Prova</h3><table><tr><th>Livelli</th><th>Durata</th></tr><tr><td>Quadri</td><td>6 mesi</td></tr></table>',
    )
    expect(table[0]?.paragraphs).toEqual(['Livelli | Durata', 'Quadri | 6 mesi'])
    expect(articlesOf('<h3>Articolo 12 bis. Welfare</h3><p>x</p>')[0]).toMatchObject({
      number: '12-bis',
      title: 'Welfare',
    })
  })
})

describe('compareEditions', () => {
  const redline = compareEditions(edition2019, edition2024)

  it('lists added, removed, changed and unchanged articles in the newer order', () => {
    expect(redline.articles.map((article) => [article.number, article.change])).toEqual([
      ['8', 'changed'],
      ['9', 'unchanged'],
      ['9-bis', 'added'],
      ['10', 'removed'],
      ['11', 'changed'],
    ])
    expect(redline.counts).toEqual({ added: 1, removed: 1, changed: 2, unchanged: 1 })
  })

  it('strikes and inserts words inside a changed article, paragraph by paragraph', () => {
    const probation = redline.articles[0]
    expect(probation?.html).toBe(
      '<p>Il periodo di prova non può superare i <del>60</del><ins>90</ins> giorni di <del>lavoro effettivo</del><ins>calendario</ins>.</p>' +
        '<p>Durante il periodo di prova ciascuna parte può recedere senza preavviso.</p>',
    )
    expect(probation).toMatchObject({ struck: 3, inserted: 2 })
  })

  it('shows a retitled article as changed, with its former heading, and escapes the text', () => {
    const sickness = redline.articles.at(-1)
    expect(sickness).toMatchObject({
      change: 'changed',
      heading: 'Art. 11 – Malattia e infortunio',
      previousHeading: 'Art. 11 – Malattia & infortunio',
      struck: 0,
      inserted: 0,
    })
    const removed = redline.articles.find((article) => article.change === 'removed')
    expect(removed?.html).toBe(
      '<p><del>È considerato notturno il lavoro prestato tra le 22 e le 6.</del></p>',
    )
    const tricky = compareEditions(
      '<h3>Art. 1 – A</h3><p>a &lt;b&gt;</p>',
      '<h3>Art. 1 – A</h3><p>a <b>c</b></p>',
    )
    expect(tricky.articles[0]?.html).toBe('<p>a <del>&lt;b&gt;</del><ins>c</ins></p>')
  })

  it('follows an article renumbered by an insertion', () => {
    const renumbered = compareEditions(
      '<h3>Art. 5 – Ferie</h3><p>Quattro settimane.</p><h3>Art. 6 – Permessi</h3><p>72 ore.</p>',
      '<h3>Art. 6 – Ferie</h3><p>Quattro settimane.</p><h3>Art. 7 – Permessi</h3><p>72 ore.</p>',
    )
    expect(renumbered.articles.map((article) => [article.number, article.change])).toEqual([
      ['6', 'changed'],
      ['7', 'changed'],
    ])
    expect(renumbered.articles.map((article) => [article.struck, article.inserted])).toEqual([
      [0, 0],
      [0, 0],
    ])
    expect(renumbered.articles[0]?.previousHeading).toBe('Art. 5 – Ferie')
  })
})

describe('editionInForce', () => {
  const editions = [{ date: '2019-12-19' }, { date: '2024-03-22' }]
  it('picks the latest edition not after the day, by its date when it has no decorrenza', () => {
    expect(editionInForce(editions, '2024-03-21')).toEqual({
      edition: { date: '2019-12-19' },
      from: '2019-12-19',
      basis: 'date',
    })
    expect(editionInForce(editions, '2024-03-22')?.edition).toEqual({ date: '2024-03-22' })
    expect(editionInForce(editions, '2018-01-01')).toBeNull()
  })

  it('picks by the decorrenza when an edition has one: a renewal signed after the day it applies from', () => {
    const terziario = [
      { date: '2015-03-30', effectiveDate: '2015-01-01' },
      { date: '2024-03-22', effectiveDate: '2023-04-01' },
    ]
    // 01/06/2023: before the 2024 signature, after its decorrenza of 01/04/2023.
    expect(editionInForce(terziario, '2023-06-01')).toEqual({
      edition: terziario[1],
      from: '2023-04-01',
      basis: 'effectiveDate',
    })
    expect(editionInForce(terziario, '2023-03-31')?.edition).toBe(terziario[0])
    expect(editionInForce(terziario, '2014-12-31')).toBeNull()
  })

  it('prefers the later text of two starting the same day', () => {
    const same = [
      { date: '2024-01-10', effectiveDate: '2024-01-01' },
      { date: '2024-02-10', effectiveDate: '2024-01-01' },
    ]
    expect(editionInForce(same, '2024-06-01')?.edition).toBe(same[1])
  })
})
