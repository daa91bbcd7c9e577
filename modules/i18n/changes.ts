/** The 'Novità' section of a contract's dashboard: every published change, newest first. */
import { formatDecimal, formatEuro, formatPercentChange } from './format.ts'

/** `gg/mm/aaaa` of a calendar day `aaaa-mm-gg`. */
const day = (iso: string) => iso.split('-').reverse().join('/')
const monthFormat = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const shortMonthFormat = new Intl.DateTimeFormat('it-IT', { month: 'short', timeZone: 'UTC' })

export const changes = {
  title: 'Novità del contratto',
  intro:
    'Tabelle retributive, testi, sintesi e notizie pubblicati per questo contratto, dal più recente. Ogni voce porta al confronto con la versione precedente o al documento.',
  filterLabel: 'Mostra',
  kinds: {
    all: 'Tutte',
    payTable: 'Tabelle retributive',
    text: 'Testi',
    summary: 'Sintesi',
    news: 'Notizie',
  },
  /** The badge of one entry. */
  badges: {
    payTable: 'Tabella retributiva',
    edition: 'Nuova edizione',
    agreement: 'Accordo',
    text: 'Testo',
    summary: 'Sintesi',
    news: 'Notizia',
    deadline: 'Scadenza',
  },
  upcoming: 'In arrivo',
  /** `nov` from `aaaa-mm-gg` (the date badge). */
  shortMonth: (iso: string) => shortMonthFormat.format(new Date(`${iso}T12:00:00Z`)).replace('.', ''),
  empty: 'Non risultano ancora novità pubblicate per questo contratto.',
  emptyKind: 'Nessuna novità di questo tipo.',
  /** `Novembre 2026` from `aaaa-mm-gg`. */
  month: (iso: string) => {
    const label = monthFormat.format(new Date(`${iso.slice(0, 7)}-15T12:00:00Z`))
    return label.charAt(0).toUpperCase() + label.slice(1)
  },
  count: (n: number) => (n === 1 ? '1 novità' : `${n} novità`),
  /** Titles and descriptions of the entries. */
  payTableTitle: (from: string) => `Nuovi minimi retributivi dal ${day(from)}`,
  firstPayTable: (from: string) => `Tabella retributiva dal ${day(from)}`,
  payTableDelta: (averagePercent: number | null, previous: string) =>
    averagePercent === null
      ? `Minimi invariati rispetto al ${day(previous)}`
      : `Minimi ${formatPercentChange(averagePercent)} in media rispetto al ${day(previous)}`,
  payTableFirst: 'Prima tabella pubblicata per la categoria',
  referenceLevel: (level: string, difference: number) =>
    `livello ${level} ${difference >= 0 ? '+' : '−'}${formatEuro(Math.abs(difference))} al mese`,
  unaTantum: (amount: number) => `una tantum ${formatEuro(amount)}`,
  levels: (n: number) => `${formatDecimal(n)} livelli`,
  editionTitle: (title: string) => title,
  editionText: (previousDate: string) =>
    `Nuova edizione del testo nazionale: confronto articolo per articolo con l'edizione del ${day(previousDate)}.`,
  firstEditionText: 'Testo nazionale del contratto.',
  agreementText: (typeName: string) => `${typeName}: il testo sottoscritto dalle parti.`,
  summaryTitle: 'Sintesi e schede aggiornate',
  /** The category an entry concerns, shown when the list covers every category. */
  category: (name: string) => `Categoria: ${name}`,
  summaryText: (names: string[]) => names.join(', '),
  open: {
    payTable: 'Confronta le decorrenze',
    firstPayTable: 'Apri la tabella',
    edition: 'Vedi le modifiche',
    text: 'Leggi il testo',
    summary: 'Apri le sintesi',
    news: "Leggi l'articolo",
  },
  /** The overview's teaser. */
  teaser: {
    title: 'Ultime novità',
    all: 'Tutte le novità',
  },
}
