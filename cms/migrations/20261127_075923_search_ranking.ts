import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { searchSchemaV2 } from '../../modules/search/index.ts'

/**
 * The contract search's ranking: the collection of everyday names
 * (`contract-aliases`), the hourly job handing the contracts' use to the
 * index, and version 2 of the search SQL (names, representativeness, content
 * and use in `search_contracts`, `search_popularity`; modules/search/sql.ts).
 */

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'searchPopularity' BEFORE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'searchPopularity' BEFORE 'schedulePublish';
  CREATE TABLE "contract_aliases" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"cnel_code" varchar,
  	"contract_id" integer,
  	"contract_code" numeric,
  	"key" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "contract_aliases_id" integer;
  ALTER TABLE "contract_aliases" ADD CONSTRAINT "contract_aliases_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "contract_aliases_cnel_code_idx" ON "contract_aliases" USING btree ("cnel_code");
  CREATE INDEX "contract_aliases_contract_idx" ON "contract_aliases" USING btree ("contract_id");
  CREATE INDEX "contract_aliases_contract_code_idx" ON "contract_aliases" USING btree ("contract_code");
  CREATE UNIQUE INDEX "contract_aliases_key_idx" ON "contract_aliases" USING btree ("key");
  CREATE INDEX "contract_aliases_updated_at_idx" ON "contract_aliases" USING btree ("updated_at");
  CREATE INDEX "contract_aliases_created_at_idx" ON "contract_aliases" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_contract_aliases_fk" FOREIGN KEY ("contract_aliases_id") REFERENCES "public"."contract_aliases"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_contract_aliases_id_idx" ON "payload_locked_documents_rels" USING btree ("contract_aliases_id");`)
  await db.execute(sql.raw(searchSchemaV2.up))
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql.raw(searchSchemaV2.down))
  await db.execute(sql`
   ALTER TABLE "contract_aliases" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "contract_aliases" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_contract_aliases_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'nightlyImport', 'stripeReconciliation', 'trialReminders', 'notifyFollowers', 'notificationDigest', 'sdiTransmissions', 'dataExport', 'dataRetention', 'nightlyBackup', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'nightlyImport', 'stripeReconciliation', 'trialReminders', 'notifyFollowers', 'notificationDigest', 'sdiTransmissions', 'dataExport', 'dataRetention', 'nightlyBackup', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "payload_locked_documents_rels_contract_aliases_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "contract_aliases_id";`)
}
