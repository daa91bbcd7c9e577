import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { invalidatePages } from '../../modules/site-content/index.ts'

/** A saved or deleted page empties the page cache (Astro's route caching), so visitors see the change at once. */
export const invalidatePublicPages: CollectionAfterChangeHook & CollectionAfterDeleteHook = ({ doc }) => {
  invalidatePages()
  return doc
}
