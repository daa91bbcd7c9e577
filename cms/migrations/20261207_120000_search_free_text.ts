import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { searchSchemaV3 } from '../../modules/search/index.ts'

/** The news search's free scope: what every visitor may read of each item, apart (modules/search/sql.ts, version 3). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(searchSchemaV3.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(searchSchemaV3.down))
}
