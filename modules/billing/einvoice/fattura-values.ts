/**
 * The one layer every value passes through on its way into a FatturaPA file:
 * each element the portal writes has its rule from the official schema (a
 * code's pattern, a text's length, an amount's form, a country of ISO
 * 3166-1), free text is reduced to what the format accepts (Latin-1, no
 * control characters, single spaces, cut to its length), and every value is
 * XML-escaped (`fpa2xml` writes values as given). A value that breaks its
 * rule is never written: the file is refused with every problem, each naming
 * the party and the field in Italian ('Acquirente › Paese della partita IVA
 * (IdPaese): «GERMANIA» non è un codice ISO 3166 di due lettere'), so
 * operators know what to correct.
 */
import { isCountryCode } from '../../italian-identifiers/index.ts'
import { AppError } from '../../platform/index.ts'

/** One value that breaks its rule: where (Italian label and element path), what, why. */
export type FatturaDataProblem = { field: string; element: string; value: string; reason: string }

/** A file refused before it is written: the message names every field and why. */
export class FatturaDataError extends AppError {
  readonly problems: FatturaDataProblem[]

  constructor(problems: FatturaDataProblem[]) {
    super(
      'bad_request',
      `Dati della fattura elettronica non validi: ${problems
        .map((problem) => `${problem.field}: ${problem.reason}`)
        .join('; ')}`,
    )
    this.name = 'FatturaDataError'
    this.problems = problems
  }
}

type Rule =
  /** Free text: reduced to Latin-1 and cut to `max`; at least one character. */
  | { kind: 'text'; label: string; max: number }
  /** A code or a number written as given: it must match `pattern`. */
  | { kind: 'code'; label: string; pattern: RegExp; reason: string }
  /** A country of ISO 3166-1 (two capital letters of the list). */
  | { kind: 'country'; label: string }

const code = (label: string, pattern: RegExp, reason: string): Rule => ({
  kind: 'code',
  label,
  pattern,
  reason,
})
const text = (label: string, max: number): Rule => ({ kind: 'text', label, max })
const amount = (label: string) => code(label, /^-?\d{1,11}\.\d{2}$/, 'non è un importo con due decimali')
const date = (label: string) => code(label, /^\d{4}-\d{2}-\d{2}$/, 'non è una data AAAA-MM-GG')
const email = (label: string) =>
  code(label, /^(?=.{7,256}$)[^\s@<>&"']+@[^\s@<>&"']+\.[^\s@<>&"']+$/, 'non è un indirizzo email valido')

/** The rule of each element the portal writes, by its name (the schema gives one type per name). */
const RULES: Record<string, Rule> = {
  IdPaese: { kind: 'country', label: 'Paese della partita IVA (IdPaese)' },
  Nazione: { kind: 'country', label: 'Paese (Nazione)' },
  IdCodice: code(
    'Partita IVA o codice fiscale (IdCodice)',
    /^[A-Za-z0-9]{1,28}$/,
    'deve avere da 1 a 28 lettere o cifre',
  ),
  CodiceFiscale: code(
    'Codice fiscale (CodiceFiscale)',
    /^[A-Z0-9]{11,16}$/,
    'deve avere da 11 a 16 lettere maiuscole o cifre',
  ),
  ProgressivoInvio: code(
    'Progressivo di invio',
    /^[A-Za-z0-9]{1,10}$/,
    'deve avere da 1 a 10 lettere o cifre',
  ),
  FormatoTrasmissione: code('Formato di trasmissione', /^FPR12$/, 'deve essere FPR12'),
  CodiceDestinatario: code(
    'Codice destinatario (CodiceDestinatario)',
    /^[A-Z0-9]{7}$/,
    'deve avere 7 lettere maiuscole o cifre',
  ),
  PECDestinatario: email('PEC del destinatario (PECDestinatario)'),
  Email: email('PEC (Email)'),
  Denominazione: text('Denominazione', 80),
  RegimeFiscale: code('Regime fiscale', /^RF(0[1-9]|1[0-9])$/, 'deve essere un codice da RF01 a RF19'),
  Indirizzo: text('Indirizzo', 60),
  CAP: code('CAP', /^\d{5}$/, 'deve avere cinque cifre (00000 per un indirizzo estero)'),
  Comune: text('Comune', 60),
  Provincia: code('Provincia (sigla)', /^[A-Z]{2}$/, 'deve essere la sigla di due lettere'),
  Ufficio: code(
    'Ufficio del registro delle imprese (REA)',
    /^[A-Z]{2}$/,
    'deve essere la sigla di due lettere',
  ),
  NumeroREA: code('Numero REA', /^[A-Za-z0-9]{1,20}$/, 'deve avere da 1 a 20 lettere o cifre'),
  CapitaleSociale: amount('Capitale sociale'),
  StatoLiquidazione: code('Stato di liquidazione', /^L[NS]$/, 'deve essere LN o LS'),
  TipoDocumento: code('Tipo di documento', /^TD0[14]$/, 'deve essere TD01 o TD04'),
  Divisa: code('Divisa', /^EUR$/, 'deve essere EUR'),
  Data: date('Data'),
  Numero: code('Numero', /^(?=.{1,20}$)\S*\d\S*$/, 'deve avere da 1 a 20 caratteri, almeno una cifra'),
  ImportoTotaleDocumento: amount('Importo totale del documento'),
  Causale: text('Causale', 200),
  IdDocumento: text('Numero della fattura collegata (IdDocumento)', 20),
  NumeroLinea: code('Numero di riga', /^\d{1,4}$/, 'deve essere un numero di riga'),
  Descrizione: text('Descrizione', 1000),
  Quantita: code('Quantità', /^\d{1,12}\.\d{2,8}$/, 'non è una quantità con decimali'),
  PrezzoUnitario: code('Prezzo unitario', /^-?\d{1,11}\.\d{2,8}$/, 'non è un prezzo con decimali'),
  PrezzoTotale: amount('Prezzo totale'),
  AliquotaIVA: code('Aliquota IVA', /^\d{1,3}\.\d{2}$/, 'non è una percentuale con due decimali'),
  ImponibileImporto: amount('Imponibile'),
  Imposta: amount('Imposta'),
  EsigibilitaIVA: code('Esigibilità IVA', /^[IDS]$/, 'deve essere I, D o S'),
  CondizioniPagamento: code('Condizioni di pagamento', /^TP0[123]$/, 'deve essere TP01, TP02 o TP03'),
  ModalitaPagamento: code('Modalità di pagamento', /^MP\d{2}$/, 'deve essere un codice MP'),
  DataScadenzaPagamento: date('Data di scadenza del pagamento'),
  ImportoPagamento: amount('Importo del pagamento'),
}

/** The parties and blocks a field is named by. */
const PLACES: Record<string, string> = {
  DatiTrasmissione: 'Trasmissione',
  CedentePrestatore: 'Venditore',
  CessionarioCommittente: 'Acquirente',
  DatiGeneraliDocumento: 'Documento',
  DatiFattureCollegate: 'Fattura collegata',
  DettaglioLinee: 'Righe',
  DatiRiepilogo: 'Riepilogo IVA',
  DatiPagamento: 'Pagamento',
}

/**
 * Text the format accepts: Latin-1 only (accents stay; other characters lose
 * their marks or become '?'), no control characters, single spaces, at most
 * `max` characters. Not escaped: `fatturaValues` escapes every value.
 */
export function fatturaText(value: string, max: number): string {
  return [...value.normalize('NFC')]
    .map((char) => {
      const point = char.codePointAt(0) ?? 0
      // Control characters (C0, DEL, C1) become spaces.
      if (point < 0x20 || (point >= 0x7f && point <= 0x9f)) return ' '
      if (point <= 0xff) return char
      const stripped = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
      if ([...stripped].every((c) => (c.codePointAt(0) ?? 0) <= 0xff)) return stripped
      return '?'
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
}

/** The five characters XML gives a meaning to, as entities. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** 'Acquirente › Paese della partita IVA (IdPaese)'. */
function fieldLabel(path: readonly string[], rule: Rule | undefined): string {
  const place = [...path].reverse().find((name) => PLACES[name])
  const name = rule?.label ?? path[path.length - 1] ?? ''
  return place ? `${PLACES[place]} › ${name}` : name
}

/** The value as written, or the reason it breaks its element's rule. */
function checked(rule: Rule | undefined, raw: string): { value: string } | { reason: string } {
  if (!rule) return { value: fatturaText(raw, 1000) }
  switch (rule.kind) {
    case 'text': {
      const value = fatturaText(raw, rule.max)
      return value ? { value } : { reason: 'è vuoto' }
    }
    case 'country': {
      const value = raw.trim()
      return /^[A-Z]{2}$/.test(value) && isCountryCode(value)
        ? { value }
        : { reason: `«${fatturaText(raw, 60)}» non è un codice ISO 3166 di due lettere (per esempio DE, FR)` }
    }
    case 'code': {
      const value = raw.trim()
      return rule.pattern.test(value) ? { value } : { reason: `«${fatturaText(raw, 60)}» ${rule.reason}` }
    }
  }
}

/**
 * The document with every value checked and escaped, ready for `fpa2xml`;
 * throws `FatturaDataError` listing every value that breaks its rule.
 * Attributes (`@`) are the portal's own constants and pass as they are.
 */
export function fatturaValues<T>(document: T): T {
  const problems: FatturaDataProblem[] = []
  const walk = (node: unknown, path: string[]): unknown => {
    if (node === undefined || node === null) return undefined
    if (Array.isArray(node)) return node.map((item) => walk(item, path))
    if (typeof node === 'object') {
      const copy: Record<string, unknown> = {}
      for (const [key, child] of Object.entries(node)) {
        if (key === '@') copy[key] = child
        else if (child !== undefined && child !== null) copy[key] = walk(child, [...path, key])
      }
      return copy
    }
    const element = path[path.length - 1] ?? ''
    const rule = RULES[element]
    const result = checked(rule, String(node))
    if ('reason' in result) {
      problems.push({
        field: fieldLabel(path, rule),
        element: path.join('/'),
        value: String(node),
        reason: result.reason,
      })
      return ''
    }
    return escapeXml(result.value)
  }
  const written = walk(document, []) as T
  if (problems.length > 0) throw new FatturaDataError(problems)
  return written
}
