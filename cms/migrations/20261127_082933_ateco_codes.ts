import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/** The ISTAT list of ATECO 2025 codes ('Che contratto applico?') and its import format in the import log. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_ateco_codes_level" AS ENUM('sezione', 'divisione', 'gruppo', 'classe', 'categoria', 'sottocategoria');
  ALTER TYPE "public"."enum_import_runs_format" ADD VALUE 'ateco';
  CREATE TABLE "ateco_codes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"level" "enum_ateco_codes_level" NOT NULL,
  	"section" varchar NOT NULL,
  	"parent_code" varchar,
  	"title" varchar NOT NULL,
  	"includes" varchar,
  	"excludes" varchar,
  	"order" numeric,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "ateco_codes_id" integer;
  CREATE UNIQUE INDEX "ateco_codes_code_idx" ON "ateco_codes" USING btree ("code");
  CREATE INDEX "ateco_codes_level_idx" ON "ateco_codes" USING btree ("level");
  CREATE INDEX "ateco_codes_section_idx" ON "ateco_codes" USING btree ("section");
  CREATE INDEX "ateco_codes_order_idx" ON "ateco_codes" USING btree ("order");
  CREATE INDEX "ateco_codes_updated_at_idx" ON "ateco_codes" USING btree ("updated_at");
  CREATE INDEX "ateco_codes_created_at_idx" ON "ateco_codes" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_ateco_codes_fk" FOREIGN KEY ("ateco_codes_id") REFERENCES "public"."ateco_codes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_ateco_codes_id_idx" ON "payload_locked_documents_rels" USING btree ("ateco_codes_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DELETE FROM "import_runs" WHERE "format" = 'ateco';
   ALTER TABLE "ateco_codes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "ateco_codes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_ateco_codes_fk";
  
  ALTER TABLE "import_runs" ALTER COLUMN "format" SET DATA TYPE text;
  DROP TYPE "public"."enum_import_runs_format";
  CREATE TYPE "public"."enum_import_runs_format" AS ENUM('package', 'cnel');
  ALTER TABLE "import_runs" ALTER COLUMN "format" SET DATA TYPE "public"."enum_import_runs_format" USING "format"::"public"."enum_import_runs_format";
  DROP INDEX "payload_locked_documents_rels_ateco_codes_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "ateco_codes_id";
  DROP TYPE "public"."enum_ateco_codes_level";`)
}
