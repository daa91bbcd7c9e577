/** The comparison of two to four contracts (any signed-in reader; the pay needs a subscription or trial) and its XLSX. */
import { z } from '@hono/zod-openapi'
import { createRouter, errorResponses, fileContent } from '../../http/index.ts'
import { isMostRepresentative, validityOn } from '../../content/index.ts'
import { compareContracts, parseChoices, type ComparedContract } from '../compare-contracts.ts'
import { comparisonXlsx } from '../export-comparison.ts'
import { answers, databaseRoute, fileAnswer, readerOf, readOperations } from '../route-kit.ts'
import { ComparisonSchema } from '../schemas.ts'

const tags = ['Confronto contratti']
const read = readOperations(tags)
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const query = z.object({
  contratti: z.string().trim().min(1).max(400).openapi({
    description:
      'Da 2 a 4 contratti: codice, codice:categoria o codice:categoria:livello, separati da virgole',
    example: '133:19:4,105,118',
  }),
})

const compareRoute = read(
  '/confronto/contratti',
  'Confronto di due-quattro contratti',
  { query },
  answers(ComparisonSchema, 'Il confronto', 400, 401, 404),
)
const xlsxRoute = databaseRoute({
  method: 'get',
  path: '/confronto/contratti/xlsx',
  tags,
  summary: 'Confronto in XLSX (con intestatario e Riproduzione Riservata)',
  request: { query },
  responses: { 200: fileContent(XLSX, 'Il file'), ...errorResponses(400, 401, 404) },
})

/** One compared contract in the answer's shape. */
function answerOf(entry: ComparedContract, day: string) {
  const { contract, pay, terms } = entry
  const validity = validityOn(contract.expiresOn, day)
  return {
    codiceContratto: contract.code,
    codiceSettore: contract.sectorCode,
    titolo: contract.title,
    titoloBreve: contract.shortTitle,
    codiceCnel: contract.cnelCode,
    categorie: entry.categories.map((category) => ({
      codiceCategoria: category.code,
      descrizione: category.name,
      tabelleRetributive: category.hasPayTables,
    })),
    categoria: entry.category
      ? { codiceCategoria: entry.category.code, descrizione: entry.category.name }
      : null,
    livelli: entry.levels.map((level) => ({ codiceLivello: level.code, descrizione: level.description })),
    retribuzione:
      pay.state === 'shown'
        ? {
            stato: 'mostrata' as const,
            decorrenza: pay.decorrenza,
            livello: { codiceLivello: pay.level.code, descrizione: pay.level.description },
            minimoMensile: pay.monthly,
            pagaBase: pay.basePay,
            contingenza: pay.costOfLiving,
            terzoElemento: pay.thirdElement,
            altriElementi: pay.otherElements.map((element) => ({
              voce: element.name,
              importo: element.amount,
            })),
            minimoAnnuo: pay.annual?.amount ?? null,
          }
        : { stato: pay.state === 'locked' ? ('riservata' as const) : ('assente' as const) },
    condizioni: terms
      ? {
          orarioSettimanale: terms.weeklyHours,
          mensilita: terms.monthlyPayments,
          quattordicesima: terms.monthlyPayments === null ? null : terms.monthlyPayments >= 14,
          livelloRiferimento: terms.referenceLevel,
          periodoProva: terms.probation,
          preavviso: terms.notice,
          fonte: terms.sourceNote,
        }
      : null,
    firmatari: { datoriali: contract.signatories.employer, sindacali: contract.signatories.union },
    piuRappresentativo: isMostRepresentative(contract.representativeness),
    rappresentatoAlCnel: contract.representativeness.representedAtCnel,
    confederazioni: [...contract.representativeness.confederations],
    primoDeposito: contract.firstFiledOn?.slice(0, 10) ?? null,
    scadenza: contract.expiresOn?.slice(0, 10) ?? null,
    vigenza: validity ? (validity.state === 'expired' ? ('scaduto' as const) : ('inVigore' as const)) : null,
  }
}

export function compareRoutes() {
  return createRouter()
    .openapi(compareRoute, async (c) => {
      const comparison = await compareContracts(readerOf(c), parseChoices(c.req.valid('query').contratti))
      return c.json(
        {
          data: comparison.day,
          retribuzioniRiservate: comparison.payLocked,
          contratti: comparison.contracts.map((entry) => answerOf(entry, comparison.day)),
        },
        200,
      )
    })
    .openapi(xlsxRoute, async (c) => {
      const file = await comparisonXlsx(readerOf(c), parseChoices(c.req.valid('query').contratti))
      return fileAnswer(new Uint8Array(file.data), XLSX, `attachment; filename="${file.name}"`)
    })
}
