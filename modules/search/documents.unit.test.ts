import { describe, expect, it } from 'vitest'
import { contractEntries, newsEntry, textSections } from './documents.ts'
import { contractText } from './fixtures/content.ts'
import {
  decodeEntities,
  excerptOf,
  htmlToText,
  MARK_END,
  MARK_START,
  markedToHtml,
  passageAroundMarks,
  splitHtmlAtAnchors,
} from './text.ts'

describe('plain text of HTML', () => {
  it('keeps words apart across blocks and drops scripts and comments', () => {
    expect(
      htmlToText(
        '<h3>Art. 1</h3><p>Il <b>lavoratore</b>&nbsp;ha diritto</p><!-- nota --><script>alert(1)</script><ul><li>uno</li><li>due</li></ul>',
      ),
    ).toBe('Art. 1\nIl lavoratore ha diritto\nuno due')
  })

  it('decodes named and numeric references', () => {
    expect(decodeEntities('libert&agrave; &egrave; &#8364; 1.500 &#x2019; &amp;&lt;b&gt; &unknown;')).toBe(
      'libertà è € 1.500 ’ &<b> &unknown;',
    )
  })

  it('reads attributes containing ">" without losing text', () => {
    expect(htmlToText('<a title="a > b" href="#x">collegamento</a> testo')).toBe('collegamento testo')
  })
})

describe('excerpts', () => {
  it('cuts at a word boundary and marks the cut', () => {
    expect(excerptOf('Le ferie spettano ai lavoratori con contratto a tempo pieno', 30)).toBe(
      'Le ferie spettano ai…',
    )
    expect(excerptOf('  Breve   testo ', 30)).toBe('Breve testo')
  })
})

describe('sections of a document', () => {
  it('cuts the text at the anchors, in document order', () => {
    expect(
      splitHtmlAtAnchors(
        '<p>Premessa</p><h3 id="a1">Art. 1</h3><p>Uno</p><h3 id=\'a2\'>Art. 2</h3><p>Due</p>',
        new Set(['a1', 'a2']),
      ),
    ).toEqual([
      { anchor: '', text: 'Premessa' },
      { anchor: 'a1', text: 'Art. 1\nUno' },
      { anchor: 'a2', text: 'Art. 2\nDue' },
    ])
  })

  it('heads each section with its index node and hides /29999 branches', () => {
    const sections = textSections(contractText)
    expect(sections.map((section) => [section.position, section.anchor, section.heading])).toEqual([
      [0, '', 'CCNL Terziario, distribuzione e servizi - testo coordinato'],
      [1, 'art-1', 'Parte generale'],
      [2, 'art-12', 'Art. 12 - Ferie'],
      [3, 'art-13', 'Art. 13 - Permessi retribuiti'],
      [4, 'art-40', 'Art. 40 - Apprendistato professionalizzante'],
    ])
    // The hidden node's text stays in the section before it.
    expect(sections[3]?.text).toContain('Appunto redazionale sulle ferie.')
    expect(sections[3]?.text).toContain('permessi retribuiti & riduzioni')
  })

  it('accepts "#anchor" node values and skips anchors missing from the HTML', () => {
    const sections = textSections({
      code: 7,
      title: 'Accordo',
      html: '<h2 id="p1">Parte prima</h2><p>Testo.</p>',
      nav: [
        { text: 'Parte prima', value: '#p1', children: [] },
        { text: 'Parte seconda', value: 'p2' },
      ],
    })
    expect(sections).toEqual([
      {
        kind: 'textSection',
        textCode: 7,
        position: 0,
        anchor: 'p1',
        heading: 'Parte prima',
        text: 'Parte prima\nTesto.',
      },
    ])
  })
})

describe('documents of the content', () => {
  it('makes one contract entry per category', () => {
    const entries = contractEntries({
      sector: { code: 2, name: ' Terziario e servizi ' },
      contract: { code: 20, sectorCode: 2, title: 'Terziario', shortTitle: '', cnelCode: 'H011' },
      categories: [
        { code: 201, contractCode: 20, name: 'Dipendenti' },
        { code: 202, contractCode: 20, name: 'Quadri' },
      ],
    })
    expect(entries).toHaveLength(2)
    expect(entries[0]).toEqual({
      kind: 'contract',
      categoryCode: 201,
      categoryName: 'Dipendenti',
      contractCode: 20,
      contractTitle: 'Terziario',
      cnelCode: 'H011',
      sectorCode: 2,
      sectorName: 'Terziario e servizi',
      aliases: [],
      representativeness: 0,
      content: 0,
    })
  })

  it('carries the everyday names, the representativeness rank and the content score', () => {
    const [entry] = contractEntries({
      sector: { code: 2, name: 'Terziario e servizi' },
      contract: {
        code: 20,
        sectorCode: 2,
        title: 'Terziario, distribuzione e servizi',
        cnelCode: 'H011',
        representativeness: {
          representedAtCnel: true,
          employerSideAtCnel: true,
          unionSideAtCnel: true,
          confederations: ['cgilCislUil', 'confcommercio'],
        },
      },
      categories: [{ code: 201, contractCode: 20, name: 'Dipendenti' }],
      aliases: [' commercio ', 'Negozi', 'Commercio', 'negozi  '],
      content: { texts: true, payTables: true, summaries: false },
    })
    expect(entry).toMatchObject({ aliases: ['commercio', 'Negozi'], representativeness: 4, content: 2 })
  })

  it('makes a news document with plain text, an excerpt and distinct codes', () => {
    const entry = newsEntry({
      guid: 'g1',
      slug: 'ferie',
      title: ' Ferie 2026 ',
      date: '2026-07-01T12:00:00.000Z',
      type: 'news',
      html: `<p>${'parola '.repeat(80)}</p>`,
      sectorCodes: [2, 2],
      contractCodes: null,
    })
    expect(entry).toMatchObject({
      title: 'Ferie 2026',
      date: '2026-07-01',
      sectorCodes: [2],
      contractCodes: [],
    })
    expect(entry.excerpt.length).toBeLessThanOrEqual(100)
    expect(entry.excerpt.endsWith('…')).toBe(true)
  })

  it('cuts a paid item’s excerpt from its free part only, a changelog item’s from the whole text', () => {
    const record = {
      guid: 'g2',
      slug: 'breve',
      title: 'Breve',
      date: '2026-07-01',
      html: '<p>Uno due tre quattro cinque.</p><p>Sei sette otto nove dieci.</p>',
    }
    expect(newsEntry({ ...record, type: 'news' }).excerpt).toBe('Uno due tre quattro…')
    expect(newsEntry({ ...record, type: 'deadline' }).excerpt).not.toContain('Sei')
    expect(newsEntry({ ...record, type: 'changelog' }).excerpt).toBe(
      'Uno due tre quattro cinque. Sei sette otto nove dieci.',
    )
  })
})

describe('highlighted passages', () => {
  const marked = (text: string) => text.replace(/\[/g, MARK_START).replace(/\]/g, MARK_END)

  it('escapes the text and wraps matches in <mark>', () => {
    expect(markedToHtml(marked('a < b & [c]\n d'))).toBe('a &lt; b &amp; <mark>c</mark> d')
    expect(markedToHtml(marked('[aperto'))).toBe('<mark>aperto</mark>')
  })

  it('keeps the original characters where the engine saw spaces', () => {
    const original = 'L’apprendistato dura «36 mesi»'
    expect(passageAroundMarks(original, marked('L [apprendistato] dura  36 mesi '), 200)).toBe(
      marked('L’[apprendistato] dura «36 mesi»'),
    )
  })

  it('centres a long text on the first match', () => {
    const original = `${'prima '.repeat(60)}ferie ${'dopo '.repeat(60)}`
    const passage = passageAroundMarks(original, original.replace('ferie', marked('[ferie]')), 120)
    expect(passage.startsWith('…prima')).toBe(true)
    expect(passage.endsWith('dopo…')).toBe(true)
    expect(passage).toContain(marked('[ferie]'))
    expect(passage.length).toBeLessThanOrEqual(124)
  })

  it('falls back to the start of the text when the marked text does not line up', () => {
    expect(passageAroundMarks('Testo originale', marked('Altro [testo] diverso'), 100)).toBe(
      'Testo originale',
    )
  })
})
