import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { invalidateReadCache as invalidate } from '../../modules/database/index.ts'
import { invalidateFeedCache } from '../../modules/feed/index.ts'

/**
 * A saved or deleted record of the contract database empties its read cache
 * and the feed's (whose filters list sectors and contracts), so readers see
 * the change at once.
 */
export const invalidateReadCache: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) => {
  invalidate()
  invalidateFeedCache()
  return doc
}
