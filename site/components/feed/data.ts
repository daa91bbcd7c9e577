/** What the feed pages read, with failures logged and turned into the spec's empty and error states. */
import {
  changelog,
  currentMonthRange,
  homeNews,
  listContracts,
  listSectors,
  type NewsCard,
  type NewsPage,
} from '../../../modules/feed/index.ts'
import { getLogger } from '../../../modules/platform/index.ts'
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

/** The home feed's blocks: carousel (0-3), 'In primo piano' (3-6), 'Leggi anche' (6-12), changelog (null on error). */
export async function homeBlocks(): Promise<{
  carousel: NewsCard[]
  primoPiano: NewsCard[]
  leggiAnche: NewsPage
  changelog: NewsCard[] | null
}> {
  const [carousel, primoPiano, leggiAnche, updates] = await Promise.all([
    orFallback('carosello', () => homeNews({ start: 0, limit: 3 }), emptyPage),
    orFallback('in primo piano', () => homeNews({ start: 3, limit: 3 }), emptyPage),
    orFallback('leggi anche', () => homeNews({ start: 6, limit: 6 }), emptyPage),
    orFallback('aggiornamenti', () => changelog({ start: 0, limit: 5 }).then((page) => page.notizie), null),
  ])
  return { carousel: carousel.notizie, primoPiano: primoPiano.notizie, leggiAnche, changelog: updates }
}

/** Sectors and contracts for the filter panels, and the current month for the 'month' buttons. */
export async function filterOptions(): Promise<{
  sectors: FilterOption[]
  contracts: FilterOption[]
  month: { from: string; to: string }
}> {
  const [sectors, contracts] = await Promise.all([
    orFallback('settori', listSectors, []),
    orFallback('contratti', listContracts, []),
  ])
  return {
    sectors: sectors.map((sector) => ({ code: sector.codiceSettore, name: sector.descrizioneSettore })),
    contracts: contracts.map((contract) => ({
      code: contract.codiceContratto,
      name: contract.descrizione,
      sectorCode: contract.codiceSettore,
    })),
    month: currentMonthRange(),
  }
}
