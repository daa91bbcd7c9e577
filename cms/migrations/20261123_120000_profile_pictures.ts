import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { accountsSchemaV2 } from '../../modules/accounts/index.ts'

/** Profile pictures of subscribers (modules/accounts/schema.ts). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(accountsSchemaV2.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(accountsSchemaV2.down))
}
