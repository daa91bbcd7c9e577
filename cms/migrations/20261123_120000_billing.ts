import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { billingSchemaV1 } from '../../modules/billing/index.ts'

/**
 * The billing mirror: Stripe's customers, subscriptions, invoices and payment
 * methods, and the processed webhook events (modules/billing/schema.ts).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(billingSchemaV1.up))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(billingSchemaV1.down))
}
