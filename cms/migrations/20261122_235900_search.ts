import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { searchSchemaV1 } from '../../modules/search/index.ts'

/**
 * The search index of the Postgres engine: extensions `unaccent` and `pg_trgm`,
 * the `italian_unaccent` text-search configuration, the query functions and the
 * tables of contracts, news, text sections and vocabulary (modules/search/schema.ts).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(searchSchemaV1.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(searchSchemaV1.down))
}
