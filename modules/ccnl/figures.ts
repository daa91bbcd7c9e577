/** The size of the contract database in two numbers: contracts and pay tables. */
import { cms } from './store.ts'

export type DatabaseTotals = { contracts: number; payTables: number }

/** How many contracts and pay tables the database holds. */
export async function databaseTotals(): Promise<DatabaseTotals> {
  const payload = await cms()
  const [contracts, payTables] = await Promise.all([
    payload.count({ collection: 'contracts', overrideAccess: true }),
    payload.count({ collection: 'pay-tables', overrideAccess: true }),
  ])
  return { contracts: contracts.totalDocs, payTables: payTables.totalDocs }
}
