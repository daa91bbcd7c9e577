/** The finder's answer in the portal's words: the reasons and the message as users read them, and the dashboard links. */
import { dashboardPath } from '../ccnl/index.ts'
import { it } from '../i18n/index.ts'
import type { AtecoLevel } from './codes.ts'
import type { FinderResult, Reason } from './match.ts'

const t = it.activityFinder

const reasonKinds = { code: 'codice', near: 'vicino', section: 'sezione' } as const

/** The reason in Italian: the code and categories, or the broader code or section it comes from. */
function reasonText(reason: Reason): string {
  if (reason.kind === 'code') return t.reasonCode(reason.codes, reason.categories)
  if (reason.kind === 'near') return t.reasonNear(reason.level, reason.code, reason.title)
  return t.reasonSection(reason.section, reason.sectionTitle)
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
  principale: boolean
}

export type FinderCode = {
  codiceAteco: string
  titolo: string
  livello: AtecoLevel
  sezione: string
  titoloSezione: string
  /** No category carries the code: the contracts shown are those of a broader code or of the section. */
  indiretto: boolean
  contratti: FinderContract[]
}

export type FinderAnswer = {
  ricerca: string
  tipo: 'codice' | 'parole' | 'vuota'
  codice: string | null
  codiceVicino: string | null
  /** What to tell the user besides the results (an unknown code, nothing found), or null. */
  messaggio: string | null
  risultati: FinderCode[]
}

/** The result as the API answers it and the page shows it. */
export function presentFinderResult(
  result: FinderResult,
  sectionTitles: ReadonlyMap<string, string>,
): FinderAnswer {
  const risultati = result.matches.map(({ entry, contracts }) => ({
    codiceAteco: entry.code,
    titolo: entry.title,
    livello: entry.level,
    sezione: entry.section,
    titoloSezione: sectionTitles.get(entry.section) ?? '',
    indiretto: contracts.length > 0 && contracts.every((item) => item.reason.kind !== 'code'),
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
    })),
  }))
  let messaggio: string | null = null
  if (result.kind === 'code' && result.code === null) messaggio = t.invalidCode
  else if (result.kind === 'code' && result.code && result.nearest)
    messaggio = t.nearest(result.code, result.nearest)
  else if (result.kind === 'code' && result.code && risultati.length === 0)
    messaggio = t.unknownCode(result.code)
  else if (result.kind === 'words' && risultati.length === 0) messaggio = t.noWords(result.query)
  return {
    ricerca: result.query,
    tipo: result.kind === 'code' ? 'codice' : result.kind === 'words' ? 'parole' : 'vuota',
    codice: result.code,
    codiceVicino: result.nearest,
    messaggio,
    risultati,
  }
}
