/** The content collections' tables, for integration tests that start from an empty database or the demo data set alone. */
import type { Payload } from 'payload'
import { poolOf } from '../modules/cms/index.ts'

/** The content collections' tables (with the news versions and the import runs). */
export const contentTables = [
  'news',
  '_news_v',
  'territorial_pay_tables',
  'classifications',
  'ateco_codes',
  'summaries',
  'contract_terms',
  'pay_tables',
  'contract_texts',
  'companies',
  'provinces',
  'regions',
  'text_types',
  'contract_mappings',
  'categories',
  'contracts',
  'sectors',
  'media',
  'import_runs',
] as const

/** Empties every content table: other test files leave their own content behind. */
export async function truncateContent(payload: Payload): Promise<void> {
  const pool = poolOf(payload)
  await pool.query(
    `truncate ${contentTables.map((table) => `"${table}"`).join(', ')} restart identity cascade`,
  )
}
