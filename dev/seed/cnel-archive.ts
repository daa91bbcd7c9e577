/**
 * A realistic CNEL national archive list of any length, in the file's own
 * format (`docs/data-format.md`, «Archivio CNEL»): the demo's national
 * agreements first, with their real codes, signatories and representativeness,
 * then small agreements of every sector signed by minor organisations, the way
 * the real archive's thousand entries look. The flag columns use the
 * spellings spreadsheet exports mix (SI/NO, S/N, X and blank, 1/0, booleans).
 * The same count and seed always give the same list.
 */
import { cnelConfederations } from '../../modules/content/index.ts'
import { contractFacts, sectorFacts } from './facts/load.ts'
import { createRandom, type Random } from './random.ts'

/** One row of the CNEL file. */
export type CnelArchiveRow = Record<string, string | number | boolean | null>

const activities: Record<string, string[]> = {
  A: ['aziende agricole', 'imprese florovivaistiche', 'consorzi di bonifica', 'imprese della pesca'],
  B: ['industria chimica', 'aziende della plastica', 'imprese farmaceutiche', 'industria della gomma'],
  C: ['industria metalmeccanica', 'imprese orafe e argentiere', 'installazione di impianti', 'autofficine'],
  D: ['industria tessile', 'aziende calzaturiere', 'imprese della pelletteria', 'lavanderie industriali'],
  E: ['industria alimentare', 'panifici', 'aziende dolciarie', 'imprese della macellazione'],
  F: ['imprese edili', 'aziende del legno e arredamento', 'imprese dei laterizi', 'cave e lapidei'],
  G: [
    'aziende grafiche',
    'imprese dello spettacolo',
    'emittenti radiotelevisive locali',
    'editoria digitale',
  ],
  H: [
    'aziende del terziario',
    'pubblici esercizi',
    'imprese turistiche',
    'studi professionali',
    'centri estetici',
    'agenzie immobiliari',
  ],
  I: [
    'imprese di trasporto merci',
    'autoscuole',
    'aziende di logistica',
    'servizi di noleggio con conducente',
  ],
  J: [
    'istituti di credito cooperativo',
    'agenzie di assicurazione',
    'società di riscossione',
    'consulenti finanziari',
  ],
  K: ['imprese di pulizia e multiservizi', 'aziende di vigilanza', 'servizi ambientali', 'call center'],
  T: ['scuole paritarie', 'strutture sanitarie private', 'residenze per anziani', 'cooperative sociali'],
  V: [
    'imprese plurisettoriali',
    'aziende del terzo settore',
    'microimprese',
    'lavoratori in somministrazione',
  ],
  Z: ['enti pubblici economici', 'aziende speciali', 'consorzi pubblici', 'enti di formazione'],
}
const qualifiers = [
  '',
  'piccole e medie imprese',
  'imprese artigiane',
  'cooperative',
  'aziende fino a 15 dipendenti',
  'imprese aderenti',
]
const employerPrefixes = ['FEDER', 'ASSO', 'CONF', 'UNION', 'ANPI', 'CIFA', 'FENA', 'ITAL', 'LIBER']
const employerSuffixes = ['IMPRESE', 'PMI', 'LAVORO', 'SERVIZI', 'ITALIA', 'ARTIGIANI', 'AZIENDE', 'NET']
const minorUnions = [
  'CONFSAL',
  'FESICA-CONFSAL',
  'CISAL',
  'UGL TERZIARIO',
  'CONFINTESA',
  'FISMIC',
  'SNALP',
  'CIU',
  'FEDERSAL',
  'CONFLAVORATORI',
  'USB',
  'FAILMS',
  'SINALP',
]
const majorUnions: Record<string, string[]> = {
  A: ['FLAI-CGIL', 'FAI-CISL', 'UILA-UIL'],
  B: ['FILCTEM-CGIL', 'FEMCA-CISL', 'UILTEC-UIL'],
  C: ['FIOM-CGIL', 'FIM-CISL', 'UILM-UIL'],
  F: ['FILLEA-CGIL', 'FILCA-CISL', 'FENEAL-UIL'],
  I: ['FILT-CGIL', 'FIT-CISL', 'UILTRASPORTI'],
  default: ['FILCAMS-CGIL', 'FISASCAT-CISL', 'UILTUCS'],
}

/** A flag cell in one of the spellings of a spreadsheet export. */
function flag(random: Random, value: boolean, style: number): string | number | boolean {
  switch (style) {
    case 0:
      return value ? 'SI' : 'NO'
    case 1:
      return value ? 'S' : 'N'
    case 2:
      return value ? 'X' : ''
    case 3:
      return value ? 1 : 0
    default:
      return random.chance(0.5) ? value : value ? 'true' : 'false'
  }
}

const timestamp = (day: string) => `${day} 00:00:00`
const day = (random: Random, from: number, to: number) =>
  `${random.int(from, to)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`

/** The demo's national agreements as rows of the CNEL file. */
function nationalRows(random: Random): CnelArchiveRow[] {
  return contractFacts
    .filter((fact) => fact.cnelCode)
    .map((fact, index) => {
      const style = index % 5
      const sector = sectorFacts.find((item) => item.code === fact.sectorCode)
      const row: CnelArchiveRow = {
        id: fact.cnelCode ?? '',
        titolo: fact.title,
        firmatari_datoriali: fact.employers.split(/,\s*/).join('; '),
        firmatari_sindacali: fact.unions.split(/,\s*/).join('; '),
        primo_deposito: timestamp(fact.firstFiledOn),
        scadenza_contrattuale: timestamp(fact.expiresOn),
        settore: sector?.cnelName ?? 'CCNL PLURISETTORIALI, MICROSETTORIALI E ALTRI',
        rappresentato_al_cnel: flag(random, fact.representedAtCnel, style),
        datoriale_cnel: flag(random, fact.employerSideAtCnel, style),
        sindacato_cnel: flag(random, fact.unionSideAtCnel, style),
      }
      for (const [column, field] of Object.entries(cnelConfederations))
        row[column] = flag(random, fact.confederations.includes(field), style)
      row.vigente = fact.expiresOn >= '2026-01-01'
      return row
    })
}

/**
 * A CNEL archive list of `count` agreements (at least the 34 national ones of
 * the demo), with unique CNEL codes, for a seed.
 */
export function cnelArchive(count: number, seed: number | string = 1): CnelArchiveRow[] {
  const random = createRandom(`cnel-archive-${String(seed)}`)
  const rows = nationalRows(random.fork('national')).slice(0, count)
  const used = new Set(rows.map((row) => String(row.id)))
  const sectors = sectorFacts
  const counters = new Map<string, number>()
  while (rows.length < count) {
    const sector = random.pick(sectors)
    const letter = sector.letter
    const nextCode = () => {
      const next = (counters.get(letter) ?? 36 * 36) + random.int(1, 7)
      counters.set(letter, next)
      return `${letter}${next.toString(36).toUpperCase().padStart(3, '0')}`
    }
    let code = nextCode()
    while (used.has(code)) code = nextCode()
    used.add(code)
    const activity = random.pick(activities[letter] ?? activities.V ?? [])
    const qualifier = random.pick(qualifiers)
    const employers = Array.from(
      { length: random.int(1, 3) },
      () => `${random.pick(employerPrefixes)}${random.pick(employerSuffixes)}`,
    )
    const major = random.chance(0.12)
    const unions = major
      ? (majorUnions[letter] ?? majorUnions.default ?? [])
      : random.sample(minorUnions, random.int(1, 3))
    const employerAtCnel = major ? random.chance(0.7) : random.chance(0.08)
    const unionAtCnel = major || unions.some((name) => /CONFSAL|CISAL|UGL/.test(name))
    const filed = day(random, 2000, 2025)
    const expires = random.chance(0.1) ? null : day(random, Math.max(2019, Number(filed.slice(0, 4))), 2030)
    const style = random.int(0, 4)
    const titleStart = random.pick(['CCNL per i dipendenti da', 'CCNL', 'CCNL settore'])
    const row: CnelArchiveRow = {
      id: code,
      titolo: `${titleStart} ${activity}${qualifier ? ` – ${qualifier}` : ''} (${employers[0]})`,
      firmatari_datoriali: employers.join('; '),
      firmatari_sindacali: unions.join('; '),
      primo_deposito: timestamp(filed),
      scadenza_contrattuale: expires ? timestamp(expires) : null,
      settore: sector.cnelName,
      rappresentato_al_cnel: flag(random, employerAtCnel || unionAtCnel, style),
      datoriale_cnel: flag(random, employerAtCnel, style),
      sindacato_cnel: flag(random, unionAtCnel, style),
      cgil_cisl_uil: flag(random, major, style),
      confindustria: flag(random, major && employerAtCnel && random.chance(0.4), style),
      confcommercio: flag(random, major && employerAtCnel && letter === 'H', style),
      ugl: flag(
        random,
        unions.some((name) => name.startsWith('UGL')),
        style,
      ),
      confsal: flag(
        random,
        unions.some((name) => name.includes('CONFSAL')),
        style,
      ),
      cisal: flag(random, unions.includes('CISAL'), style),
      vigente: expires !== null && expires >= '2026-01-01',
      accordo_economico: random.chance(0.05),
    }
    rows.push(row)
  }
  return rows
}
