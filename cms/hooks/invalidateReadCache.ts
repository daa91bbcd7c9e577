import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { invalidateReadCacheOnCommit } from '../../modules/ccnl/index.ts'
import { requestNotify } from '../../modules/cms/index.ts'
import { invalidateFeedCacheOnCommit } from '../../modules/feed/index.ts'
import { invalidateSearchResultsOnCommit } from '../../modules/search/index.ts'
import { invalidatePages } from '../../modules/site-content/index.ts'

/**
 * A saved or deleted record of the contract database empties its read cache,
 * the feed's (whose filters list sectors and contracts), the search answers
 * and the cached pages (the product pages count contracts and pay tables):
 * here at once, and in every instance of the portal, this one included, once
 * the change is committed (the message travels in the editor's transaction).
 */
export const invalidateReadCache: CollectionAfterChangeHook & CollectionAfterDeleteHook = async ({
  doc,
  req,
}) => {
  const notify = requestNotify(req)
  await invalidateReadCacheOnCommit(notify)
  await invalidateFeedCacheOnCommit(notify)
  await invalidateSearchResultsOnCommit(notify)
  invalidatePages()
  return doc
}
