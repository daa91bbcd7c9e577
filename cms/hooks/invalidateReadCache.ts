import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { invalidateReadCache as invalidate } from '../../modules/database/index.ts'

/** A saved or deleted record of the contract database empties its read cache, so readers see the change at once. */
export const invalidateReadCache: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) => {
  invalidate()
  return doc
}
