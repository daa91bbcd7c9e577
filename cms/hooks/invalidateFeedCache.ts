import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { invalidateFeedCache as invalidate } from '../../modules/feed/index.ts'

/** A saved or deleted news item empties the feed's read cache, so readers see the change at once. */
export const invalidateFeedCache: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) => {
  invalidate()
  return doc
}
