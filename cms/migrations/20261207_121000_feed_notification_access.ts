import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { feedSchemaV3 } from '../../modules/feed/index.ts'

/** The feed's notifications that carry paid figures, marked (modules/feed/sql.ts, version 3). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(feedSchemaV3.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(feedSchemaV3.down))
}
