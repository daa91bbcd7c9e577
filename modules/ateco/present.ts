/** The finder's answer in the portal's words: the reasons and the message as users read them, and the dashboard links. */
import { dashboardPath } from '../ccnl/index.ts'
import { it } from '../i18n/index.ts'
import type { AtecoLevel } from './codes.ts'
import type { FinderResult, Ordering, Reason } from './match.ts'

const t = it.activityFinder

const reasonKinds = { code: 'codice', near: 'vicino', section: 'sezione' } as const
const orderingKinds = { application: 'applicazione', representativeness: 'rappresentativita' } as const

/** The reason in Italian: the code and categories, or the broader code or section it comes from. */
function reasonText(reason: Reason): string {
  if (reason.kind === 'code') return t.reasonCode(reason.codes, reason.categories)
  if (reason.kind === 'near') return t.reasonNear(reason.level, reason.code, reason.title)
  return t.reasonSection(reason.section, reason.sectionTitle)
}

/** The ordering in words: why there is (or is not) a «most applied» contract. */
function orderingNote(ordering: Ordering | null, count: number): string | null {
  if (ordering === 'representativeness')
    return count > 1 ? t.ordering.representativeness : t.ordering.unmeasured
  if (ordering === 'application' && count > 1) return t.ordering.application
  return null
}

export type FinderContract = {
  codiceContratto: number
  titolo: string
  codiceCnel: string | null
  codiceSettore: number
  settore: string
  categorie: { codiceCategoria: number; descrizione: string; percorso: string }[]
  tipoMotivo: 'codice' | 'vicino' | 'sezione'
  motivo: string
  /** «Il più applicato»: only where every contract of the code has application figures. */
  principale: boolean
  /** How many employers and employees apply it (CNEL-INPS, Uniemens), when the import loaded it. */
  applicazione: { aziende: number | null; dipendenti: number | null; fonte: string | null } | null
}

export type FinderCode = {
  codiceAteco: string
  titolo: string
  livello: AtecoLevel
  sezione: string
  titoloSezione: string
  /** No category carries the code: the contracts shown are those of a broader code or of the section. */
  indiretto: boolean
  /** How the contracts are ordered: by application figures or by the representativeness of the signatories. */
  ordinamento: 'applicazione' | 'rappresentativita' | null
  /** The ordering said in words. */
  notaOrdinamento: string | null
  contratti: FinderContract[]
}

export type FinderAnswer = {
  ricerca: string
  tipo: 'codice' | 'parole' | 'vuota'
  codice: string | null
  codiceVicino: string | null
  /** How a code outside the ATECO 2025 list was read: ISTAT's 2007 → 2025 table, or the nearest code by prefix. */
  raccordo: { codice: string; codiciAteco2025: string[]; metodo: 'tavolaIstat' | 'codiceVicino' } | null
  /** What to tell the user besides the results (an unknown code, nothing found), or null. */
  messaggio: string | null
  risultati: FinderCode[]
}

/** The result as the API answers it and the page shows it. */
export function presentFinderResult(
  result: FinderResult,
  sectionTitles: ReadonlyMap<string, string>,
): FinderAnswer {
  const risultati = result.matches.map(({ entry, contracts, ordering }) => ({
    codiceAteco: entry.code,
    titolo: entry.title,
    livello: entry.level,
    sezione: entry.section,
    titoloSezione: sectionTitles.get(entry.section) ?? '',
    indiretto: contracts.length > 0 && contracts.every((item) => item.reason.kind !== 'code'),
    ordinamento: ordering === null ? null : orderingKinds[ordering],
    notaOrdinamento: orderingNote(ordering, contracts.length),
    contratti: contracts.map((item) => ({
      codiceContratto: item.contract.code,
      titolo: item.contract.title,
      codiceCnel: item.contract.cnelCode,
      codiceSettore: item.contract.sectorCode,
      settore: item.contract.sectorName,
      categorie: item.categories.map((category) => ({
        codiceCategoria: category.code,
        descrizione: category.name,
        percorso: dashboardPath({
          sectorCode: item.contract.sectorCode,
          contractCode: item.contract.code,
          categoryCode: category.code,
        }),
      })),
      tipoMotivo: reasonKinds[item.reason.kind],
      motivo: reasonText(item.reason),
      principale: item.leading,
      applicazione: item.contract.application
        ? {
            aziende: item.contract.application.employers,
            dipendenti: item.contract.application.employees,
            fonte: item.contract.application.source,
          }
        : null,
    })),
  }))
  const mapping = result.mapping
  let messaggio: string | null = null
  if (result.kind === 'code' && result.code === null) messaggio = t.invalidCode
  else if (mapping?.kind === 'istat') messaggio = t.mappedIstat(mapping.from, mapping.to, risultati.length)
  else if (mapping?.kind === 'nearest') messaggio = t.nearest(mapping.from, mapping.to)
  else if (result.alsoAteco2007)
    messaggio = t.alsoAteco2007(result.alsoAteco2007.code, result.alsoAteco2007.to)
  else if (result.kind === 'code' && result.code && risultati.length === 0)
    messaggio = t.unknownCode(result.code)
  else if (result.kind === 'words' && risultati.length === 0) messaggio = t.noWords(result.query)
  return {
    ricerca: result.query,
    tipo: result.kind === 'code' ? 'codice' : result.kind === 'words' ? 'parole' : 'vuota',
    codice: result.code,
    codiceVicino: result.nearest,
    raccordo: mapping
      ? {
          codice: mapping.from,
          codiciAteco2025: mapping.kind === 'istat' ? mapping.to : [mapping.to],
          metodo: mapping.kind === 'istat' ? 'tavolaIstat' : 'codiceVicino',
        }
      : null,
    messaggio,
    risultati,
  }
}
