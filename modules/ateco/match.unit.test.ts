import { describe, expect, it } from 'vitest'
import { findByActivity, matchWords, type AtecoEntry, type Application, type CategoryLink } from './match.ts'
import { queryTerms, stem, titleStems } from './words.ts'

const entry = (
  code: string,
  title: string,
  level: AtecoEntry['level'],
  section: string,
  includes = '',
): AtecoEntry => ({
  code,
  title,
  level,
  section,
  parentCode: null,
  includes: includes || null,
  order: 0,
})

const entries: AtecoEntry[] = [
  entry('I', 'Attività dei servizi di alloggio e di ristorazione', 'sezione', 'I'),
  entry('55', 'Alloggio', 'divisione', 'I'),
  entry(
    '55.10.00',
    'Servizi di alloggio di alberghi e simili',
    'sottocategoria',
    'I',
    'gli alberghi, gli hotel, i motel',
  ),
  entry('56', 'Attività dei servizi di ristorazione', 'divisione', 'I'),
  entry('56.1', 'Attività di ristoranti e di servizi di ristorazione mobile', 'gruppo', 'I'),
  entry('56.11', 'Attività di ristoranti', 'classe', 'I'),
  entry(
    '56.11.11',
    'Attività di ristoranti con servizio al tavolo, escluse gelaterie e pasticcerie',
    'sottocategoria',
    'I',
    'ristoranti, trattorie, osterie, pizzerie',
  ),
  entry(
    '56.11.12',
    'Attività di ristoranti senza servizio al tavolo o da asporto',
    'sottocategoria',
    'I',
    'rosticcerie, fast food',
  ),
  entry(
    '56.30.01',
    'Attività di somministrazione di bevande in bar e caffetterie',
    'sottocategoria',
    'I',
    'i bar, i caffè',
  ),
  entry('T', 'Altre attività di servizi', 'sezione', 'T'),
  entry(
    '95',
    'Riparazione e manutenzione di computer, beni per uso personale e per la casa, autoveicoli e motocicli',
    'divisione',
    'T',
  ),
  entry('95.31', 'Riparazione e manutenzione di autoveicoli', 'classe', 'T'),
  entry(
    '95.31.10',
    'Riparazione e manutenzione meccanica, elettrica ed elettronica di autoveicoli',
    'sottocategoria',
    'T',
    'le autofficine, gli elettrauto e i meccatronici',
  ),
  entry('95.31.91', 'Lavaggio di autoveicoli', 'sottocategoria', 'T', 'gli autolavaggi'),
  entry(
    '96.21.00',
    'Servizi di parrucchieri e barbieri',
    'sottocategoria',
    'T',
    'i parrucchieri, i barbieri',
  ),
  entry('96', 'Servizi per la persona', 'divisione', 'T'),
]

const contract = (code: number, title: string, application: Application | null = null) => ({
  code,
  title,
  cnelCode: null,
  sectorCode: 11,
  sectorName: 'Terziario',
  application,
})
const link = (
  atecoCode: string,
  section: string,
  category: [number, string],
  contractOf: ReturnType<typeof contract>,
  rank = 0,
  hasContent = true,
): CategoryLink => ({
  atecoCode,
  section,
  category: { code: category[0], name: category[1] },
  contract: contractOf,
  rank,
  hasContent,
})

const fipe = contract(136, 'CCNL Pubblici esercizi, ristorazione collettiva e commerciale e turismo')
const pirate = contract(900, 'CCNL Ristorazione e somministrazione (sigla minore)')
const empty = contract(901, 'CCNL Alberghi senza testi')
const hotels = contract(135, 'CCNL Turismo – aziende alberghiere')
const garages = contract(143, 'CCNL Autorimesse e noleggio')
const hair = contract(140, 'CCNL Acconciatura ed estetica')

const links: CategoryLink[] = [
  link('56.11.11', 'I', [901, 'Ristoranti (sigla minore)'], pirate, 0),
  link('56.11', 'I', [25, 'Pubblici esercizi'], fipe, 4),
  link('56.30.01', 'I', [25, 'Pubblici esercizi'], fipe, 4),
  link('56.11.12', 'I', [26, 'Ristorazione veloce'], fipe, 4),
  link('55.10.00', 'I', [30, 'Aziende alberghiere'], hotels, 4),
  link('55.10.00', 'I', [902, 'Alberghi'], empty, 4, false),
  link('95.31.91', 'T', [40, 'Autolavaggi'], garages, 2),
  link('96.21.00', 'T', [41, 'Acconciatura'], hair, 3),
]

describe('the words of a search', () => {
  it('reduces Italian words to their stem: singular and plural, masculine and feminine, derived forms', () => {
    expect(stem('ristorante')).toBe(stem('ristoranti'))
    expect(stem('ristorante')).toBe(stem('ristorazione'))
    expect(stem('parrucchiere')).toBe(stem('parrucchiera'))
    expect(stem('alberghi')).toBe(stem('albergo'))
    expect(stem('informatica')).toBe(stem('informatiche'))
    expect(stem('bar')).toBe('bar')
  })

  it('leaves out what a title excludes', () => {
    expect(titleStems('Attività di ristoranti, escluse gelaterie e pasticcerie')).toEqual([
      stem('attivita'),
      stem('ristoranti'),
    ])
  })

  it('reads known phrases and synonyms, and drops words that do not name an activity', () => {
    expect(queryTerms('Impresa di pulizie')).toEqual([
      {
        text: 'impresa di pulizie',
        alternatives: [['impresa', 'pulizie'].map(stem), ['pulizia', 'generale', 'edifici'].map(stem)],
      },
    ])
    const [software] = queryTerms('software')
    expect(software?.alternatives).toContainEqual(['programmazione', 'informatica'].map(stem))
    expect(queryTerms('azienda di autotrasporto').map((term) => term.text)).toEqual(['autotrasporto'])
  })
})

describe('finding the ATECO codes of an activity', () => {
  it('finds codes by the words of their titles and notes, the most specific ones', () => {
    expect(matchWords('ristorante', entries).map((item) => item.code)).toEqual(['56.11.11', '56.11.12'])
    expect(matchWords('autofficina', entries).map((item) => item.code)).toEqual(['95.31.10'])
    expect(matchWords('hotel', entries).map((item) => item.code)).toEqual(['55.10.00'])
    // 'bar' is a whole word, not the start of 'barbieri'.
    expect(matchWords('bar', entries).map((item) => item.code)).toEqual(['56.30.01'])
    expect(matchWords('astronave', entries)).toEqual([])
  })

  it('weighs the rare words of a query: a common one alone does not make a match', () => {
    const withDairy = [
      ...entries,
      entry('10.51.20', 'Produzione di derivati del latte', 'sottocategoria', 'C'),
      entry('10.71.10', 'Produzione di pane e prodotti di panetteria simili', 'sottocategoria', 'C'),
      entry('62.10.00', 'Attività di programmazione informatica', 'sottocategoria', 'K'),
    ]
    expect(matchWords('produzione di software', withDairy).map((item) => item.code)).toEqual(['62.10.00'])
  })
})

describe('the contracts usually applied to a code', () => {
  it('orders by the signatories’ representativeness and names no «most applied» without application figures', () => {
    const result = findByActivity('56.11.11', entries, links)
    expect(result.kind).toBe('code')
    const [match] = result.matches
    expect(match?.entry.code).toBe('56.11.11')
    expect(match?.ordering).toBe('representativeness')
    expect(match?.contracts.map((item) => [item.contract.code, item.leading])).toEqual([
      [136, false],
      [900, false],
    ])
    expect(match?.contracts[0]?.reason).toEqual({
      kind: 'code',
      codes: ['56.11'],
      categories: ['Pubblici esercizi'],
    })
  })

  it('marks the most applied when every contract offered has application figures, by employees', () => {
    const measured = links.map((item) =>
      item.contract.code === 136
        ? {
            ...item,
            contract: {
              ...item.contract,
              application: { employers: 90_000, employees: 900_000, source: 'CNEL-INPS' },
            },
          }
        : item.contract.code === 900
          ? {
              ...item,
              rank: 4,
              contract: { ...item.contract, application: { employers: 10, employees: 120, source: null } },
            }
          : item,
    )
    const [match] = findByActivity('56.11.11', entries, measured).matches
    expect(match?.ordering).toBe('application')
    expect(match?.contracts.map((item) => [item.contract.code, item.leading])).toEqual([
      [136, true],
      [900, false],
    ])
    // One contract without figures: no «most applied», back to representativeness.
    const partly = measured.map((item) =>
      item.contract.code === 900 ? { ...item, contract: { ...item.contract, application: null } } : item,
    )
    const [back] = findByActivity('56.11.11', entries, partly).matches
    expect(back?.ordering).toBe('representativeness')
    expect(back?.contracts.every((item) => !item.leading)).toBe(true)
  })

  it('orders contracts of equal representativeness by content', () => {
    const result = findByActivity('hotel', entries, links)
    expect(result.matches[0]?.contracts.map((item) => item.contract.code)).toEqual([135, 901])
  })

  it('takes a prefix of a code: every category classified below it', () => {
    const result = findByActivity('56', entries, links)
    expect(result.matches[0]?.entry.code).toBe('56')
    const [first] = result.matches[0]?.contracts ?? []
    expect(first?.contract.code).toBe(136)
    expect(first?.categories.map((category) => category.code)).toEqual([25, 26])
    expect(first?.reason).toEqual({
      kind: 'code',
      codes: ['56.11', '56.11.12', '56.30.01'],
      categories: ['Pubblici esercizi', 'Ristorazione veloce'],
    })
  })

  it('falls back to the nearest broader code, then to the section', () => {
    const repair = findByActivity('95.31.10', entries, links).matches[0]
    expect(repair?.contracts.map((item) => [item.contract.code, item.leading])).toEqual([[143, false]])
    expect(repair?.contracts[0]?.reason).toEqual({
      kind: 'near',
      code: '95.31',
      level: 'classe',
      title: 'Riparazione e manutenzione di autoveicoli',
    })
    const withoutGarages = links.filter((item) => item.contract.code !== 143)
    const section = findByActivity('autofficina', entries, withoutGarages).matches[0]
    expect(section?.contracts[0]?.reason).toEqual({
      kind: 'section',
      section: 'T',
      sectionTitle: 'Altre attività di servizi',
    })
  })

  it('reads an ATECO 2007 code through ISTAT’s correspondence table', () => {
    const restaurant = findByActivity('56.10.11', entries, links)
    expect(restaurant.mapping).toEqual({ kind: 'istat', from: '56.10.11', to: ['56.11.11'] })
    expect(restaurant.nearest).toBeNull()
    expect(restaurant.matches[0]?.entry.code).toBe('56.11.11')
    // 45.20.10 (2007, «Riparazioni meccaniche di autoveicoli») is 95.31.10 in ATECO 2025.
    expect(findByActivity('452010', entries, links).matches[0]?.entry.code).toBe('95.31.10')
  })

  it('answers a code in neither list with the nearest code by prefix, and says so', () => {
    const result = findByActivity('56.19.99', entries, links)
    expect(result.mapping).toEqual({ kind: 'nearest', from: '56.19.99', to: '56.1' })
    expect(result.nearest).toBe('56.1')
    expect(result.matches[0]?.entry.code).toBe('56.1')
    const unknown = findByActivity('12.34', entries, links)
    expect(unknown.nearest).toBeNull()
    expect(unknown.matches).toEqual([])
    expect(findByActivity('123.4', entries, links)).toMatchObject({ kind: 'code', code: null, matches: [] })
  })
})
