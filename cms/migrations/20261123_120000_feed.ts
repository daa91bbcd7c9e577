import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { feedSchemaV1 } from '../../modules/feed/index.ts'

/** The daily feed's tables: news views, notifications and e-mail subscriptions (modules/feed/schema.ts). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(feedSchemaV1.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(feedSchemaV1.down))
}
