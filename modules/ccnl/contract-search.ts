/** The contract search (names, categories, sectors and codes): runs for text longer than 3 characters. */
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { getSearch, type ContractHit } from '../search/index.ts'

/** Shortest text the search runs for is this many characters plus one. */
export const MIN_SEARCH_EXCLUSIVE = 3

/** True when the text is long enough to search (more than 3 characters). */
export const searchable = (value: string) => value.trim().length > MIN_SEARCH_EXCLUSIVE

export async function searchContracts(value: string, limit = 50): Promise<ContractHit[]> {
  const query = value.trim()
  if (!searchable(query))
    throw new AppError('bad_request', it.database.errors.queryTooShort, { field: 'text' })
  return (await getSearch()).searchContracts(query, { limit })
}
