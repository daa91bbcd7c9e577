import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contract_mappings" ADD COLUMN "label" varchar;
  CREATE INDEX "contract_mappings_label_idx" ON "contract_mappings" USING btree ("label");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "contract_mappings_label_idx";
  ALTER TABLE "contract_mappings" DROP COLUMN "label";`)
}
