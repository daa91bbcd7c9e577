import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { searchDocument, visibleTree } from './index.ts'
import { documentQuery, findMatches } from './search-document.ts'

const html =
  '<h2 id="t1">Titolo I</h2><h3 id="art-1">Art. 1 Sfera</h3><p>Si applica alle aziende.</p>' +
  '<h3 id="art-2">Art. 2 Retribuzione</h3><p>La retribuzione è mensile; la RETRIBUZIONE comprende la contingenza.</p>' +
  '<h3 id="nascosto">Nota</h3><p>Retribuzione interna.</p><h3 id="art-3">Art. 3 Qualità</h3><p>Attività di qualita.</p>'
const nav = [
  {
    text: 'Titolo I',
    value: 't1',
    children: [
      { text: 'Art. 1 Sfera', value: 'art-1', children: [] },
      { text: 'Art. 2 Retribuzione', value: '#art-2', children: [] },
    ],
  },
  { text: 'Nota', value: 'nascosto/29999', children: [] },
  { text: 'Art. 3 Qualità', value: 'art-3', children: [] },
]

describe('searchDocument', () => {
  it('highlights every match, ignoring case', () => {
    const result = searchDocument({ html, nav, query: 'retribuzione' })
    expect(result.matches).toBe(4)
    expect(result.html).toContain('<mark class="search-hit">RETRIBUZIONE</mark>')
  })

  it('names the visible sections holding the matches, never hidden nodes', () => {
    const result = searchDocument({ html, nav, query: 'retribuzione' })
    // The match under the hidden "Nota" belongs to the preceding visible section.
    expect(result.nodes).toEqual([{ text: 'Art. 2 Retribuzione', link: '#art-2', matches: 4 }])
  })

  it('matches with or without accents', () => {
    const result = searchDocument({ html, nav, query: 'qualita' })
    expect(result.matches).toBe(2)
    expect(result.nodes).toEqual([{ text: 'Art. 3 Qualità', link: '#art-3', matches: 2 }])
  })

  it('does nothing for a too short query', () => {
    expect(searchDocument({ html, nav, query: ' a ' })).toEqual({ html, matches: 0, nodes: [] })
  })

  it('leaves the markup intact when the query looks like HTML', () => {
    const result = searchDocument({ html, nav, query: '<h3' })
    expect(result.matches).toBe(0)
    expect(result.html).toBe(html)
  })
})

describe('visibleTree', () => {
  it('drops nodes whose value contains /29999', () => {
    expect(visibleTree(nav).map((node) => node.text)).toEqual(['Titolo I', 'Art. 3 Qualità'])
  })
})

describe('in-document search of any string a person can type', () => {
  const unmarked = (value: string) =>
    value.replaceAll('<mark class="search-hit">', '').replaceAll('</mark>', '')
  const anyText = fc.string({ unit: 'binary', maxLength: 40 })

  it('searches punctuation, regular-expression syntax and symbols literally', () => {
    const doc =
      '<p id="art-1">Il part-time (a tempo parziale) costa 10$ + [IVA] | c.d. "orario" &amp; 50% \\ / ^ * ? {x}</p>'
    const tree = [{ text: 'Art. 1', value: 'art-1', children: [] }]
    for (const query of ['part-time', '(a tempo', '10$ +', '[IVA]', '| c.d.', '& 50%', '\\ /', '^ * ? {x}']) {
      const result = searchDocument({ html: doc, nav: tree, query })
      expect(result.matches, query).toBe(1)
      expect(unmarked(result.html), query).toBe(doc)
    }
    expect(searchDocument({ html: doc, nav: tree, query: 'part-time' }).html).toContain(
      '<mark class="search-hit">part-time</mark>',
    )
  })

  it('never fails and never changes the document, whatever the query', () => {
    fc.assert(
      fc.property(anyText, (query) => {
        const result = searchDocument({ html, nav, query })
        expect(unmarked(result.html)).toBe(html)
        expect(result.html.split('<mark class="search-hit">').length - 1).toBe(result.matches)
        expect(result.nodes.reduce((sum, node) => sum + node.matches, 0)).toBeLessThanOrEqual(result.matches)
      }),
      { numRuns: 500 },
    )
  })

  it('finds the query in any text that contains it, whatever the text', () => {
    fc.assert(
      fc.property(anyText, anyText, anyText, (before, query, after) => {
        const needle = documentQuery(query)
        const text = `${before}${query}${after}`
        const matches = needle === null ? [] : findMatches(text, needle)
        if (needle !== null) expect(matches.length).toBeGreaterThan(0)
        let previousEnd = 0
        for (const match of matches) {
          expect(match.start).toBeGreaterThanOrEqual(previousEnd)
          expect(match.end).toBeGreaterThan(match.start)
          expect(match.end).toBeLessThanOrEqual(text.length)
          previousEnd = match.end
        }
      }),
      { numRuns: 500 },
    )
  })

  it('ignores case, accents and runs of white space in the query and the text alike', () => {
    const needle = documentQuery('  QUALITÀ\u00a0 del   Lavoro ')
    expect(needle).toBe('qualita del lavoro')
    expect(findMatches('la qualita\u0300 del\n\tlavoro', needle ?? '')).toEqual([{ start: 3, end: 23 }])
    expect(documentQuery('\u0301\u0301')).toBeNull()
  })
})
