import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/**
 * Marketing contacts carry what a salesperson needs to call back: phone,
 * company, when the call was asked for and why (a buyer not sold online).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "contacts" ADD COLUMN "phone" varchar;
  ALTER TABLE "contacts" ADD COLUMN "company" varchar;
  ALTER TABLE "contacts" ADD COLUMN "sales_requested_at" timestamp(3) with time zone;
  ALTER TABLE "contacts" ADD COLUMN "sales_reason" varchar;
  CREATE INDEX "contacts_sales_requested_at_idx" ON "contacts" USING btree ("sales_requested_at");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "contacts_sales_requested_at_idx";
  ALTER TABLE "contacts" DROP COLUMN "sales_reason";
  ALTER TABLE "contacts" DROP COLUMN "sales_requested_at";
  ALTER TABLE "contacts" DROP COLUMN "company";
  ALTER TABLE "contacts" DROP COLUMN "phone";`)
}
