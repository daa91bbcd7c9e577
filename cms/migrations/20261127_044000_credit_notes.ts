import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { creditNotesSchema } from '../../modules/billing/index.ts'

/** The credit notes of refunds (modules/billing/credit-notes.ts), numbered in the invoices' series. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(creditNotesSchema.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(creditNotesSchema.down))
}
