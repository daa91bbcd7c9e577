import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { invoiceNumbersSchema } from '../../modules/billing/index.ts'

/**
 * The invoices' progressive numbers per year (modules/billing/invoice-number.ts:
 * the counters, the numbers, and the numbers of the invoices already paid, in the
 * order they were paid) and the seller's data edited in /admin (`seller-settings`).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql.raw(invoiceNumbersSchema.up))
  await db.execute(sql`
   CREATE TYPE "public"."enum_seller_settings_tax_regime" AS ENUM('RF01', 'RF02', 'RF04', 'RF18', 'RF19');
  CREATE TABLE "seller_settings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"company_name" varchar,
  	"vat_number" varchar,
  	"fiscal_code" varchar,
  	"street" varchar,
  	"postal_code" varchar,
  	"city" varchar,
  	"province" varchar,
  	"country" varchar,
  	"pec" varchar,
  	"rea_number" varchar,
  	"share_capital" varchar,
  	"tax_regime" "enum_seller_settings_tax_regime",
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(invoiceNumbersSchema.down))
  await db.execute(sql`
   DROP TABLE "seller_settings" CASCADE;
  DROP TYPE "public"."enum_seller_settings_tax_regime";`)
}
