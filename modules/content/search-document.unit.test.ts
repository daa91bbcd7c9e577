import { describe, expect, it } from 'vitest'
import { searchDocument, visibleTree } from './index.ts'

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
