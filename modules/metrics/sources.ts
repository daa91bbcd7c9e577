/** The figures of the portal's modules, read through their indexes, as the metrics ask for them. */
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { signedInUsers } from '../accounts/index.ts'
import { webhookCounts, webhookLag } from '../billing/index.ts'
import { jobQueueFigures } from '../cms/index.ts'
import { outboxBacklog } from '../mail/index.ts'
import { cacheFigures } from '../platform/index.ts'
import { onSearchTimed } from '../search/index.ts'
import type { MetricsSources } from './metrics.ts'

/** The sources of the running portal: its pool, its Payload instance and the page cache's figures. */
export function portalSources(options: {
  pool: Pool
  payload: Payload
  pageCache: () => { hits: number; misses: number; size: number }
}): MetricsSources {
  const { pool, payload } = options
  return {
    pool,
    jobQueue: () => jobQueueFigures(payload),
    outbox: () => outboxBacklog(pool),
    webhookLag: () => webhookLag(pool),
    webhookCounts,
    signedInUsers: () => signedInUsers(pool),
    caches: () => [...cacheFigures(), { name: 'pages', ...options.pageCache() }],
    onSearchTimed,
  }
}
