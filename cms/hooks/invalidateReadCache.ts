import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { invalidateReadCache as invalidate } from '../../modules/ccnl/index.ts'
import { invalidateFeedCache } from '../../modules/feed/index.ts'
import { invalidatePages } from '../../modules/site-content/index.ts'

/**
 * A saved or deleted record of the contract database empties its read cache,
 * the feed's (whose filters list sectors and contracts) and the cached pages
 * (the product pages count contracts and pay tables), so readers see the
 * change at once.
 */
export const invalidateReadCache: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) => {
  invalidate()
  invalidateFeedCache()
  invalidatePages()
  return doc
}
