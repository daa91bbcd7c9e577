import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contracts" ADD COLUMN "application_employers" numeric;
  ALTER TABLE "contracts" ADD COLUMN "application_employees" numeric;
  ALTER TABLE "contracts" ADD COLUMN "application_source" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contracts" DROP COLUMN "application_employers";
  ALTER TABLE "contracts" DROP COLUMN "application_employees";
  ALTER TABLE "contracts" DROP COLUMN "application_source";`)
}
