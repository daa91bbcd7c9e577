import { describe, expect, it } from 'vitest'
import type { Entitlements } from '../accounts/index.ts'
import { compareEditions } from '../redline/index.ts'
import { labelledRedlineHtml, redlineCounts, redlinePrintHtml } from './redline-html.ts'
import { chooseEditions, inForceOn, parseDay, redlineAccess, redlineLayout } from './redline-view.ts'
import type { TextSummary } from './texts.ts'

const edition = (
  codiceTesto: number,
  data: string,
  titolo = `Edizione ${data}`,
  decorrenza: string | null = null,
): TextSummary => ({
  codiceTesto,
  titolo,
  tipo: 'CCNL',
  data,
  decorrenza,
  ambito: 'national',
  edizione: 'archive',
  regione: null,
  provincia: '-1',
  azienda: null,
  codiceContratto: 133,
})
const editions = [edition(3, '2015-03-30'), edition(2, '2019-12-19'), edition(1, '2024-03-22')]

describe('parseDay', () => {
  it('reads gg/mm/aaaa (also with dashes, dots and one digit) and aaaa-mm-gg', () => {
    expect(parseDay('22/03/2024')).toBe('2024-03-22')
    expect(parseDay(' 1/3/2024 ')).toBe('2024-03-01')
    expect(parseDay('22-03-2024')).toBe('2024-03-22')
    expect(parseDay('22.03.2024')).toBe('2024-03-22')
    expect(parseDay('2024-03-22')).toBe('2024-03-22')
  })
  it('refuses what is not a day of the calendar', () => {
    for (const value of ['31/02/2024', '32/01/2024', '2024/03/22', 'ieri', '', '22/03/24']) {
      expect(parseDay(value)).toBeNull()
    }
  })
})

describe('inForceOn', () => {
  it('names the latest edition not after the day, or says why there is none', () => {
    expect(inForceOn(editions, '01/01/2020').edition?.codiceTesto).toBe(2)
    expect(inForceOn(editions, '22/03/2024').edition?.codiceTesto).toBe(1)
    expect(inForceOn(editions, '2031-01-01').edition?.codiceTesto).toBe(1)
    expect(inForceOn(editions, '01/01/2010')).toMatchObject({
      day: '2010-01-01',
      edition: null,
      error:
        'Nessuna edizione del testo risulta in vigore alla data indicata: la prima edizione in banca dati si applica dal 30/03/2015.',
    })
    expect(inForceOn(editions, '31/02/2020')).toMatchObject({
      input: '31/02/2020',
      day: null,
      error: 'Indica una data valida nel formato gg/mm/aaaa, ad esempio 01/01/2020.',
    })
  })
})

describe('inForceOn with decorrenze', () => {
  // Terziario: the 2015 text (decorrenza 01/01/2015) and the 2024 text signed on 22/03/2024 that decorre dal 01/04/2023.
  const terziario = [
    edition(1333, '2015-03-30', 'Edizione del 2015', '2015-01-01'),
    edition(1331, '2024-03-22', 'Testo consolidato', '2023-04-01'),
  ]

  it('picks the edition by its decorrenza, not its signature, and says which date it used', () => {
    expect(inForceOn(terziario, '01/06/2023')).toMatchObject({
      edition: { codiceTesto: 1331 },
      from: { day: '2023-04-01', basis: 'effectiveDate' },
      error: null,
    })
    expect(inForceOn(terziario, '31/03/2023')).toMatchObject({
      edition: { codiceTesto: 1333 },
      from: { day: '2015-01-01', basis: 'effectiveDate' },
    })
    // Before the first decorrenza, the message names it.
    expect(inForceOn(terziario, '31/12/2014').error).toBe(
      'Nessuna edizione del testo risulta in vigore alla data indicata: la prima edizione in banca dati si applica dal 01/01/2015.',
    )
  })

  it('falls back on the date of an edition without a decorrenza, and says so', () => {
    const mixed = [edition(1, '2015-03-30'), edition(2, '2024-03-22', 'Rinnovo', '2023-04-01')]
    expect(inForceOn(mixed, '01/01/2020')).toMatchObject({
      edition: { codiceTesto: 1 },
      from: { day: '2015-03-30', basis: 'date' },
    })
    expect(inForceOn(mixed, '01/06/2023').from).toEqual({ day: '2023-04-01', basis: 'effectiveDate' })
  })
})

describe('chooseEditions', () => {
  const codes = (choice: ReturnType<typeof chooseEditions>) => [
    choice.older?.codiceTesto,
    choice.newer?.codiceTesto,
  ]
  it('compares the two latest editions by default', () => {
    expect(codes(chooseEditions(editions, {}))).toEqual([2, 1])
    expect(chooseEditions(editions, {}).notice).toBeNull()
  })
  it('follows da and a, older first whatever the order asked', () => {
    expect(codes(chooseEditions(editions, { da: '3', a: '1' }))).toEqual([3, 1])
    const swapped = chooseEditions(editions, { da: '1', a: '3' })
    expect(codes(swapped)).toEqual([3, 1])
    expect(swapped.notice?.variant).toBe('info')
    expect(codes(chooseEditions(editions, { da: '3' }))).toEqual([3, 1])
    expect(codes(chooseEditions(editions, { a: '2' }))).toEqual([2, 1])
  })
  it('says so when an edition is unknown or the same twice', () => {
    const unknown = chooseEditions(editions, { da: '1211', a: '1' })
    expect(codes(unknown)).toEqual([2, 1])
    expect(unknown.notice).toEqual({
      variant: 'warning',
      text: 'L’edizione richiesta non è tra quelle di questo contratto: sono confrontate le due più recenti.',
    })
    expect(chooseEditions(editions, { da: 'x' }).notice?.variant).toBe('warning')
    expect(chooseEditions(editions, { da: '2', a: '2' }).notice?.text).toMatch(/stessa edizione/)
  })
  it('has nothing to compare with fewer than two editions', () => {
    expect(codes(chooseEditions(editions.slice(0, 1), { da: '3' }))).toEqual([undefined, undefined])
  })
})

describe('redlineAccess', () => {
  const of = (kind: Entitlements['kind'], canReadArchive = false) =>
    redlineAccess({ user: null, entitlements: { kind, canReadArchive } as Entitlements })
  it('gives the redline to Professional readers, the Professional prompt to other subscribers', () => {
    expect(of('professional', true)).toBe('granted')
    expect(of('studioSecondary', true)).toBe('granted')
    expect(of('premium')).toBe('professional')
    expect(of('trial')).toBe('professional')
    expect(of('anonymous')).toBe('unavailable')
    expect(of('trialExpired')).toBe('unavailable')
  })
})

const older = `<h3 id="art-1">Art. 1 – Prova</h3><p>Prova di 60 giorni.</p>
<h3 id="art-2">Art. 2 – Orario</h3><p>40 ore.</p><h3 id="art-3">Art. 3 – Ferie</h3><p>4 settimane.</p>
<h3 id="art-4">Art. 4 – Notturno &lt;script&gt;</h3><p>Dalle 22.</p>`
const newer = `<h3 id="art-1">Art. 1 – Prova</h3><p>Prova di 90 giorni.</p>
<h3 id="art-2">Art. 2 – Orario</h3><p>40 ore.</p><h3 id="art-3">Art. 3 – Ferie</h3><p>4 settimane.</p>
<h3 id="art-5">Art. 5 – Agile</h3><p>Accordo scritto.</p>`

describe('redlineLayout', () => {
  it('lists the changes and groups runs of unchanged articles', () => {
    const layout = redlineLayout(compareEditions(older, newer).articles)
    expect(layout.lists.changed.map((entry) => entry.id)).toEqual(['articolo-1'])
    expect(layout.lists.added.map((entry) => entry.article.heading)).toEqual(['Art. 5 – Agile'])
    expect(layout.lists.removed).toHaveLength(1)
    expect(
      layout.blocks.map((block) =>
        block.kind === 'same'
          ? block.entries.map((entry) => entry.article.number)
          : block.entry.article.number,
      ),
    ).toEqual(['1', ['2', '3'], '5', '4'])
  })
})

describe('the redline as HTML', () => {
  const redline = {
    ...compareEditions(older, newer),
    older: edition(3, '2015-03-30', 'CCNL – edizione 2015'),
    newer: edition(1, '2024-03-22', 'CCNL – testo <consolidato>'),
  }

  it('labels struck and inserted words for screen readers', () => {
    expect(labelledRedlineHtml('<p>di <del>60</del><ins>90</ins></p>')).toBe(
      '<p>di <del><span class="visually-hidden">[eliminato: </span>60<span class="visually-hidden">]</span></del>' +
        '<ins><span class="visually-hidden">[inserito: </span>90<span class="visually-hidden">]</span></ins></p>',
    )
  })

  it('prints the editions, the lists first, the changed articles and the unchanged ones by name, escaped', () => {
    const printed = redlinePrintHtml(redline)
    expect(redlineCounts(redline)).toBe(
      '1 articolo aggiunto · 1 articolo eliminato · 1 articolo modificato · 2 articoli invariati',
    )
    expect(printed).toContain('<dd>CCNL – testo &lt;consolidato&gt; (22/03/2024)</dd>')
    expect(printed).toContain('Art. 4 – Notturno &lt;script&gt;')
    expect(printed).not.toContain('<script>')
    const order = [
      'Articoli aggiunti (1)',
      'Articoli eliminati (1)',
      'Articoli modificati (1)',
      'Il testo a confronto',
    ]
    const positions = order.map((text) => printed.indexOf(text))
    expect(positions.every((position) => position >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    expect(printed).toContain('[eliminato: </span>60')
    expect(printed).toContain('[inserito: </span>90')
    expect(printed).toContain('<h2>Articoli invariati (2)</h2>')
  })
})
