import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { invalidatePublicPages as invalidate } from '../../modules/site-content/index.ts'

/** A saved or deleted page drops the cached copies of the public pages, so visitors see the change at once. */
export const invalidatePublicPages: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) => {
  invalidate()
  return doc
}
