/** What the feed pages read, with failures logged and turned into the spec's empty and error states. */
import {
  changelog,
  currentMonthRange,
  homeNews,
  FEATURED_NEWS,
  type NewsCard,
  type NewsPage,
} from '#modules/feed'
import { getContract, listSectors } from '#modules/ccnl'
import { getLogger, isAppError } from '#modules/platform'
import type { FilterOption } from '../../islands/feed/FeedFilters.tsx'

/** Runs a read; on failure logs it and returns `fallback`. */
export async function orFallback<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read()
  } catch (error) {
    getLogger().error({ err: error }, `Quotidiano: lettura non riuscita (${what})`)
    return fallback
  }
}

const emptyPage: NewsPage = { notizie: [], altre: false }

/** 'Leggi anche' shows 6 items, 6 more per 'Carica altro...', at most this many on one page. */
export const READ_ALSO_MAX = 60

/** How many 'Leggi anche' items a page shows (`leggi`, from the no-JavaScript 'Carica altro...' link). */
export function readAlsoCount(value: string | null): number {
  const count = Math.floor(Number(value) || 6)
  return Math.min(Math.max(count - (count % 6), 6), READ_ALSO_MAX)
}

/** The home feed's blocks: carousel (0-3), 'In primo piano' (3-6), 'Leggi anche' (6 on, `readAlso` items), changelog (null on error). */
export async function homeBlocks(readAlso = 6): Promise<{
  carousel: NewsCard[]
  primoPiano: NewsCard[]
  leggiAnche: NewsPage
  changelog: NewsCard[] | null
}> {
  const [carousel, primoPiano, leggiAnche, updates] = await Promise.all([
    orFallback('carosello', () => homeNews({ start: 0, limit: FEATURED_NEWS }), emptyPage),
    orFallback('in primo piano', () => homeNews({ start: FEATURED_NEWS, limit: 3 }), emptyPage),
    orFallback('leggi anche', () => homeNews({ start: 6, limit: readAlso }), emptyPage),
    orFallback('aggiornamenti', () => changelog({ start: 0, limit: 5 }).then((page) => page.notizie), null),
  ])
  return { carousel: carousel.notizie, primoPiano: primoPiano.notizie, leggiAnche, changelog: updates }
}

/**
 * Sectors for the filter panels, the contract already chosen (`contractCode`,
 * if any: the panel fetches the rest of the list itself), and the current
 * month for the 'month' buttons.
 */
export async function filterOptions(contractCode?: number | null): Promise<{
  sectors: FilterOption[]
  selected: FilterOption | null
  month: { from: string; to: string }
}> {
  const [sectors, selected] = await Promise.all([
    orFallback('settori', listSectors, []),
    contractCode && contractCode > 0
      ? orFallback('contratto scelto', () => contractOption(contractCode), null)
      : Promise.resolve(null),
  ])
  return {
    sectors: sectors.map((sector) => ({ code: sector.code, name: sector.name })),
    selected,
    month: currentMonthRange(),
  }
}

/** One contract as the panels list it (null for a code that names none). */
async function contractOption(code: number): Promise<FilterOption | null> {
  try {
    const contract = await getContract(code)
    return {
      code: contract.code,
      name: contract.shortTitle || contract.title,
      sectorCode: contract.sectorCode,
    }
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return null
    throw error
  }
}
