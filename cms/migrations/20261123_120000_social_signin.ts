import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { socialSignInSchemaV1 } from '../../modules/accounts/index.ts'

/** Social sign-in: the 'registration not completed' mark of accounts created through Google or Facebook. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(socialSignInSchemaV1.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(socialSignInSchemaV1.down))
}
