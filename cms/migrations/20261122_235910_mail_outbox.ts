import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { mailOutboxSchemaV1 } from '../../modules/mail/index.ts'

/**
 * The e-mail outbox: one row per mail, written in the transaction of the change
 * that causes it and sent with retries by the mail sender (modules/mail/schema.ts).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(mailOutboxSchemaV1.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(mailOutboxSchemaV1.down))
}
