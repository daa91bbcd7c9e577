import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { invoiceSellerSchema } from '../../modules/billing/index.ts'

/** The seller's data kept with each invoice number (modules/billing/invoice-number.ts). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(invoiceSellerSchema.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(invoiceSellerSchema.down))
}
