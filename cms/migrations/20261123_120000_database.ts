import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { databaseSchemaV1 } from '../../modules/ccnl/index.ts'

/** The contract database's favourites and consultation log (modules/ccnl/schema.ts). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(databaseSchemaV1.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(databaseSchemaV1.down))
}
