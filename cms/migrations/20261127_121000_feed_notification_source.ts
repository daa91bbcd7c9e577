import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { feedSchemaV2 } from '../../modules/feed/index.ts'

/** The feed's notifications keyed by their source (a news item or a renewal alert): modules/feed/sql.ts, version 2. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(feedSchemaV2.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(feedSchemaV2.down))
}
