import type { TaskConfig } from 'payload'
import { contractViewCounts } from '../../modules/ccnl/index.ts'
import { getSearch } from '../../modules/search/index.ts'

/**
 * The contracts' use for the search ranking: every hour the views of each
 * contract's categories in the last 90 days (the contract database's log)
 * are handed to the search index, which keeps them across rebuilds.
 */
export const searchPopularity: TaskConfig<'searchPopularity'> = {
  slug: 'searchPopularity',
  label: 'Uso dei contratti per l’ordine della ricerca',
  retries: 1,
  outputSchema: [{ name: 'contracts', type: 'number', required: true }],
  schedule: [{ cron: '7 * * * *', queue: 'default' }],
  handler: async ({ req }) => {
    const contracts = await contractViewCounts()
    await (await getSearch(req.payload)).upsert([{ kind: 'popularity', contracts }])
    return { output: { contracts: contracts.length } }
  },
}
