import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_contribution_rates_classification" AS ENUM('industria', 'industria-edile', 'artigianato', 'terziario', 'cooperative', 'agricoltura', 'credito');
  CREATE TYPE "public"."enum_contribution_rates_size_band" AS ENUM('fino-15', '16-50', 'oltre-50');
  CREATE TABLE "contribution_rates" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"classification" "enum_contribution_rates_classification" NOT NULL,
  	"size_band" "enum_contribution_rates_size_band" NOT NULL,
  	"valid_from" timestamp(3) with time zone NOT NULL,
  	"valid_to" timestamp(3) with time zone,
  	"rates" jsonb NOT NULL,
  	"apprentices_include_inail" boolean DEFAULT false,
  	"note" varchar,
  	"key" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "contract_terms" ADD COLUMN "labour_cost" jsonb;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "contribution_rates_id" integer;
  CREATE INDEX "contribution_rates_classification_idx" ON "contribution_rates" USING btree ("classification");
  CREATE UNIQUE INDEX "contribution_rates_key_idx" ON "contribution_rates" USING btree ("key");
  CREATE INDEX "contribution_rates_updated_at_idx" ON "contribution_rates" USING btree ("updated_at");
  CREATE INDEX "contribution_rates_created_at_idx" ON "contribution_rates" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_contribution_rates_fk" FOREIGN KEY ("contribution_rates_id") REFERENCES "public"."contribution_rates"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_contribution_rates_id_idx" ON "payload_locked_documents_rels" USING btree ("contribution_rates_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "contribution_rates" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "contribution_rates" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_contribution_rates_fk";
  
  DROP INDEX "payload_locked_documents_rels_contribution_rates_id_idx";
  ALTER TABLE "contract_terms" DROP COLUMN "labour_cost";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "contribution_rates_id";
  DROP TYPE "public"."enum_contribution_rates_classification";
  DROP TYPE "public"."enum_contribution_rates_size_band";`)
}
