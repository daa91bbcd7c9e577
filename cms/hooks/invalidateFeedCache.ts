import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { requestNotify } from '../../modules/cms/index.ts'
import { invalidateFeedCacheOnCommit } from '../../modules/feed/index.ts'
import { invalidateSearchResultsOnCommit } from '../../modules/search/index.ts'

/**
 * A saved or deleted news item empties the feed's read cache and the search
 * answers: here at once, and in every instance of the portal, this one
 * included, once the change is committed (the message travels in the
 * editor's transaction).
 */
export const invalidateFeedCache: CollectionAfterChangeHook & CollectionAfterDeleteHook = async ({
  doc,
  req,
}) => {
  const notify = requestNotify(req)
  await invalidateFeedCacheOnCommit(notify)
  await invalidateSearchResultsOnCommit(notify)
  return doc
}
