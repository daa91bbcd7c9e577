import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/** The contract terms the arrears calculator reads: the month of the 14th and the Cassa Edile. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contract_terms" ADD COLUMN "fourteenth_month" numeric;
  ALTER TABLE "contract_terms" ADD COLUMN "cassa_edile" jsonb;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contract_terms" DROP COLUMN "fourteenth_month";
  ALTER TABLE "contract_terms" DROP COLUMN "cassa_edile";`)
}
