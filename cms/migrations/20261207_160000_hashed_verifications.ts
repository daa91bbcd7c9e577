import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { hashedVerificationsV1 } from '../../modules/accounts/index.ts'
import { mailOutboxTokenKeysV1 } from '../../modules/mail/index.ts'

/**
 * Verification tokens stored as digests from now on (modules/accounts/verification-tokens.ts):
 * the rows written before, which hold their tokens in clear, are deleted, and the outbox's
 * dedupe keys that named a token are cleared.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(hashedVerificationsV1.up))
  await db.execute(sql.raw(mailOutboxTokenKeysV1.up))
}

export async function down(_args: MigrateDownArgs): Promise<void> {
  // Nothing to put back: the deleted rows were short-lived secrets, and the new ones work either way.
}
