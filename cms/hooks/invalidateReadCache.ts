import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { invalidateReadCache as invalidate } from '../../modules/database/index.ts'
import { invalidateFeedCache } from '../../modules/feed/index.ts'
import { invalidatePublicPages } from '../../modules/site-content/index.ts'

/**
 * A saved or deleted record of the contract database empties its read cache,
 * the feed's (whose filters list sectors and contracts) and the public pages
 * (the product pages count contracts and pay tables), so readers see the
 * change at once.
 */
export const invalidateReadCache: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) => {
  invalidate()
  invalidateFeedCache()
  invalidatePublicPages()
  return doc
}
