/**
 * An import that brings a category a new latest decorrenza alerts the
 * contract's followers, as an editor's new table does: the newest decorrenza
 * of every category is read before and after the import, and each category
 * whose newest table changed to a later decorrenza gets the renewal alert job
 * for that table. History loaded behind a later decorrenza, a category's
 * first tables (a first load) and a re-import alert no one; the alert's key
 * makes it once per decorrenza.
 */
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

/** The newest decorrenza of each category's pay tables, with its table's id. */
export type LatestDecorrenze = Map<number, { id: number; day: string }>

export async function latestDecorrenze(payload: Payload): Promise<LatestDecorrenze> {
  const result = await payload.db.drizzle.execute(
    sql`select distinct on (category_code) category_code, id, to_char(effective_date, 'YYYY-MM-DD') as day
          from pay_tables where category_code is not null
         order by category_code, effective_date desc, id desc`,
  )
  const rows = (result as unknown as { rows: { category_code: string; id: number; day: string }[] }).rows
  return new Map(rows.map((row) => [Number(row.category_code), { id: Number(row.id), day: row.day }]))
}

/** The tables that became the newest decorrenza of a category that had an older one before. */
export function newLatestTables(before: LatestDecorrenze, after: LatestDecorrenze): number[] {
  const ids: number[] = []
  for (const [category, latest] of after) {
    const previous = before.get(category)
    if (previous && latest.day > previous.day) ids.push(latest.id)
  }
  return ids
}

/** Queues the renewal alert of each table an import made the newest decorrenza of its category. */
export async function queueImportAlerts(payload: Payload, before: LatestDecorrenze): Promise<number> {
  const ids = newLatestTables(before, await latestDecorrenze(payload))
  for (const id of ids) {
    await payload.jobs.queue({ task: 'renewalAlert', input: { collection: 'pay-tables', id } })
  }
  return ids.length
}
