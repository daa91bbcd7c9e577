/** How many items the feed published in each month, for the product pages' figures. */
import { pool } from './cms.ts'

export type MonthCount = { month: string; count: number }

/** Published items per month (`YYYY-MM`, Italian time) from `sinceMonth` on; months without items are absent. */
export async function newsPerMonth(sinceMonth: string): Promise<MonthCount[]> {
  const db = await pool()
  const result = await db.query<{ month: string; count: number }>(
    `select period as month, count(*)::int as count from news
      where _status = 'published' and period >= $1
      group by period order by period`,
    [sinceMonth],
  )
  return result.rows
}
