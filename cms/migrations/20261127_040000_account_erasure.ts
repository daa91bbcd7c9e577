import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { accountErasureSchemaV1 } from '../../modules/accounts/index.ts'
import { fiscalArchiveSchemaV1 } from '../../modules/billing/index.ts'
import { erasureSchemaV1 } from '../../modules/erasure/index.ts'

/**
 * Deleting an account: the erased accounts' mark (`auth_users.erased_at`),
 * billing's fiscal archive of their customers (10 years) and the erasure log.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(accountErasureSchemaV1.up))
  await db.execute(sql.raw(fiscalArchiveSchemaV1.up))
  await db.execute(sql.raw(erasureSchemaV1.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(erasureSchemaV1.down))
  await db.execute(sql.raw(fiscalArchiveSchemaV1.down))
  await db.execute(sql.raw(accountErasureSchemaV1.down))
}
