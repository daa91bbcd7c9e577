/**
 * What the comparison page shows, from its address: the chosen contracts
 * (`contratti=133:19:4,105`, with the form's `categoria<code>` and
 * `livello<code>` fields overriding), the picker's search (`q`) and the
 * comparison itself once two to four contracts are chosen.
 */
import {
  canRead,
  COMPARE_MAX,
  COMPARE_MIN,
  choicesParam,
  compareContracts,
  getContract,
  parseChoices,
  searchable,
  searchContracts,
  type CompareChoice,
  type ContractComparison,
  type Reader,
} from '#modules/ccnl'
import { getCms } from '#modules/cms'
import { createLabourCost } from '#modules/labour-cost'
import { AppError } from '#modules/platform'
import { it, labourCost } from '#modules/i18n'

export const COMPARE_PATH = '/bancadati/0/confronto'

/** A contract the picker may add: its code, name and the address with it added. */
export type PickerHit = { contractCode: number; title: string; meta: string; href: string | null }

/** The employer's annual cost of a compared contract's level, or why it cannot be computed. */
export type LabourCostCell = { annual: number; perHourWorked: number; href: string } | { missing: string }

export type ComparePage = {
  choices: CompareChoice[]
  /** One cell per compared contract (Professional readers); null for the others. */
  labourCosts: LabourCostCell[] | null
  /** The chosen contracts' names, for the chips (also below two). */
  chosen: { contractCode: number; title: string; removeHref: string }[]
  comparison: ContractComparison | null
  query: string
  hits: PickerHit[] | null
  messages: string[]
}

/** The address of the comparison of `choices`. */
export const compareHref = (choices: readonly CompareChoice[]) =>
  choices.length === 0 ? COMPARE_PATH : `${COMPARE_PATH}?contratti=${choicesParam(choices)}`

/** The choices of the address: the list, then each contract's category and level fields. */
function choicesOf(params: URLSearchParams): CompareChoice[] {
  return parseChoices((params.get('contratti') ?? '').slice(0, 400)).map((choice) => {
    const category = params.get(`categoria${choice.contractCode}`)
    const level = params.get(`livello${choice.contractCode}`)
    const categoryCode = category && /^\d{1,9}$/.test(category) ? Number(category) : choice.categoryCode
    // A level belongs to its category: a new category starts from its reference level.
    const levelCode =
      categoryCode !== choice.categoryCode && choice.categoryCode !== null
        ? null
        : level
          ? level.slice(0, 64)
          : choice.levelCode
    return { contractCode: choice.contractCode, categoryCode, levelCode }
  })
}

export async function loadComparePage(
  reader: Reader,
  params: URLSearchParams,
  /** Counts the picker's search before it runs: its refusal's message (the page answers 429), or undefined. */
  searchRefusal: () => Promise<string | undefined>,
): Promise<ComparePage> {
  const messages: string[] = []
  let choices: CompareChoice[] = []
  try {
    choices = choicesOf(params)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    messages.push(error.message)
  }
  if (choices.length > COMPARE_MAX) {
    choices = choices.slice(0, COMPARE_MAX)
    messages.push(it.compare.tooMany)
  }
  const named = await Promise.all(
    choices.map(async (choice) => {
      try {
        const contract = await getContract(choice.contractCode)
        return { choice, title: contract.shortTitle || contract.title }
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null
        throw error
      }
    }),
  )
  if (named.includes(null)) messages.push(it.database.errors.contractNotFound)
  const known = named.filter((entry) => entry !== null)
  choices = known.map((entry) => entry.choice)
  const chosen = known.map((entry) => ({
    contractCode: entry.choice.contractCode,
    title: entry.title,
    removeHref: compareHref(choices.filter((choice) => choice !== entry.choice)),
  }))

  let comparison: ContractComparison | null = null
  if (choices.length >= COMPARE_MIN) {
    try {
      comparison = await compareContracts(reader, choices)
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'bad_request') throw error
      messages.push(error.message)
      comparison = await compareContracts(
        reader,
        choices.map((choice) => ({ ...choice, categoryCode: null, levelCode: null })),
      )
    }
  }

  const labourCosts =
    comparison && canRead(reader.entitlements, 'archive')
      ? await comparedLabourCosts(reader, comparison)
      : null

  const query = (params.get('q') ?? '').trim().slice(0, 200)
  let hits: PickerHit[] | null = null
  const refusal = searchable(query) ? await searchRefusal() : undefined
  if (refusal) messages.push(refusal)
  else if (searchable(query)) {
    const seen = new Set<number>()
    const full = choices.length >= COMPARE_MAX
    hits = (await searchContracts(query, 50))
      .filter((hit) => !seen.has(hit.contractCode) && seen.add(hit.contractCode))
      .slice(0, 10)
      .map((hit) => ({
        contractCode: hit.contractCode,
        title: hit.contractShortTitle || hit.contractTitle,
        meta: [hit.cnelCode, hit.sectorName].filter(Boolean).join(' · '),
        href:
          full || choices.some((choice) => choice.contractCode === hit.contractCode)
            ? null
            : compareHref([
                ...choices,
                { contractCode: hit.contractCode, categoryCode: null, levelCode: null },
              ]),
      }))
  }
  return { choices, chosen, comparison, labourCosts, query, hits, messages }
}

/**
 * The cost of labour of each compared level: full time, the category's
 * qualification, the contract's classification and INAIL default, a company
 * of up to 15 employees, at the decorrenza the comparison shows.
 */
async function comparedLabourCosts(
  reader: Reader,
  comparison: ContractComparison,
): Promise<LabourCostCell[]> {
  const service = createLabourCost({ payload: await getCms() })
  return Promise.all(
    comparison.contracts.map(async (entry): Promise<LabourCostCell> => {
      if (entry.pay.state !== 'shown' || !entry.category) return { missing: labourCost.compareMissing }
      try {
        const result = await service.levelCost(reader, {
          categoryCode: entry.category.code,
          level: entry.pay.level.code,
          effectiveDate: entry.pay.day,
          qualification: null,
          partTimePercent: 100,
          classification: null,
          sizeBand: 'fino-15',
          employees: null,
          inailPerMille: null,
          irapPercent: null,
          apprenticeYear: null,
          senioritySteps: 0,
        })
        const base = `/bancadati/0/${entry.contract.sectorCode}/${entry.contract.code}/${entry.category.code}`
        return {
          annual: result.totals.annual,
          perHourWorked: result.totals.perHourWorked,
          href: `${base}/costo-lavoro?livello=${encodeURIComponent(result.level.code)}&decorrenza=${result.request.effectiveDate}`,
        }
      } catch (error) {
        if (!(error instanceof AppError) || error.code === 'unauthorized') throw error
        return { missing: error.message }
      }
    }),
  )
}
