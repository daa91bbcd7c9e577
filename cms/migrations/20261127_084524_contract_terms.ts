import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/** The key terms of each contract that the comparison shows (collection `contract-terms`). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "contract_terms" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"contract_id" integer NOT NULL,
  	"contract_code" numeric,
  	"weekly_hours" numeric,
  	"monthly_payments" numeric,
  	"reference_level" varchar,
  	"probation" jsonb,
  	"notice" jsonb,
  	"source_note" varchar,
  	"label" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "contract_terms_id" integer;
  ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "contract_terms_contract_idx" ON "contract_terms" USING btree ("contract_id");
  CREATE UNIQUE INDEX "contract_terms_contract_code_idx" ON "contract_terms" USING btree ("contract_code");
  CREATE INDEX "contract_terms_label_idx" ON "contract_terms" USING btree ("label");
  CREATE INDEX "contract_terms_updated_at_idx" ON "contract_terms" USING btree ("updated_at");
  CREATE INDEX "contract_terms_created_at_idx" ON "contract_terms" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_contract_terms_fk" FOREIGN KEY ("contract_terms_id") REFERENCES "public"."contract_terms"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_contract_terms_id_idx" ON "payload_locked_documents_rels" USING btree ("contract_terms_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contract_terms" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "contract_terms" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_contract_terms_fk";
  
  DROP INDEX "payload_locked_documents_rels_contract_terms_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "contract_terms_id";`)
}
