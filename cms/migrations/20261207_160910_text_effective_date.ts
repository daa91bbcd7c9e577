import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/** The decorrenza of a contract text, by which 'Il testo in vigore al' picks an edition. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contract_texts" ADD COLUMN "effective_date" timestamp(3) with time zone;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contract_texts" DROP COLUMN "effective_date";`)
}
