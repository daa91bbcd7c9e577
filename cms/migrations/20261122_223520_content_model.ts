import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  // Full-text search of the embedded mode: accent-insensitive matching and trigram similarity.
  await db.execute(sql`
   CREATE EXTENSION IF NOT EXISTS unaccent;
   CREATE EXTENSION IF NOT EXISTS pg_trgm;
  `)
  await db.execute(sql`
   CREATE TYPE "public"."enum_contract_texts_scope" AS ENUM('national', 'territorial', 'company');
  CREATE TYPE "public"."enum_contract_texts_edition" AS ENUM('consolidated', 'archive');
  CREATE TYPE "public"."enum_summaries_type" AS ENUM('schedesintetiche', 'istituticontrattuali', 'mansionari', 'apprendistati', 'sfere', 'normetfr', 'normedisciplinari');
  CREATE TYPE "public"."enum_classifications_scheme" AS ENUM('CNEL', 'INPS', 'ATECO');
  CREATE TYPE "public"."enum_news_type" AS ENUM('news', 'deadline', 'changelog');
  CREATE TYPE "public"."enum_news_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__news_v_version_type" AS ENUM('news', 'deadline', 'changelog');
  CREATE TYPE "public"."enum__news_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_import_runs_status" AS ENUM('running', 'succeeded', 'partial', 'failed');
  CREATE TYPE "public"."enum_import_runs_trigger" AS ENUM('cli', 'job', 'startup');
  CREATE TYPE "public"."enum_import_runs_format" AS ENUM('package', 'cnel');
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'nightlyImport', 'schedulePublish');
  CREATE TYPE "public"."enum_payload_jobs_log_state" AS ENUM('failed', 'succeeded');
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'nightlyImport', 'schedulePublish');
  CREATE TABLE "sectors" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" numeric NOT NULL,
  	"name" varchar NOT NULL,
  	"cnel_name" varchar,
  	"label" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "contracts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" numeric NOT NULL,
  	"title" varchar NOT NULL,
  	"short_title" varchar,
  	"sector_id" integer NOT NULL,
  	"sector_code" numeric,
  	"cnel_code" varchar,
  	"first_filed_on" timestamp(3) with time zone,
  	"expires_on" timestamp(3) with time zone,
  	"employer_signatories" varchar,
  	"union_signatories" varchar,
  	"note_html" varchar,
  	"image_id" integer,
  	"cnel_flags" jsonb,
  	"label" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "categories" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" numeric NOT NULL,
  	"name" varchar NOT NULL,
  	"contract_id" integer NOT NULL,
  	"contract_code" numeric,
  	"sector_code" numeric,
  	"label" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "contract_mappings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"category_id" integer NOT NULL,
  	"category_code" numeric,
  	"contract_id" integer NOT NULL,
  	"contract_code" numeric,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "text_types" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"name" varchar NOT NULL,
  	"label" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "contract_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" numeric NOT NULL,
  	"title" varchar NOT NULL,
  	"scope" "enum_contract_texts_scope" DEFAULT 'national' NOT NULL,
  	"edition" "enum_contract_texts_edition",
  	"date" timestamp(3) with time zone NOT NULL,
  	"contract_id" integer NOT NULL,
  	"text_type_id" integer NOT NULL,
  	"region_id" integer,
  	"province_id" integer,
  	"company_id" integer,
  	"html" varchar NOT NULL,
  	"nav" jsonb,
  	"topics" jsonb,
  	"contract_code" numeric,
  	"sector_code" numeric,
  	"type_code" varchar,
  	"region_code" varchar,
  	"province_code" varchar,
  	"company_code" numeric,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "pay_tables" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"category_id" integer NOT NULL,
  	"effective_date" timestamp(3) with time zone NOT NULL,
  	"levels" jsonb NOT NULL,
  	"note_html" varchar,
  	"key" varchar,
  	"category_code" numeric,
  	"contract_code" numeric,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "summaries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"type" "enum_summaries_type" NOT NULL,
  	"demo" boolean DEFAULT false,
  	"category_id" integer NOT NULL,
  	"html" varchar NOT NULL,
  	"nav" jsonb,
  	"pdf_id" integer,
  	"key" varchar,
  	"category_code" numeric,
  	"contract_code" numeric,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "classifications" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"scheme" "enum_classifications_scheme" NOT NULL,
  	"code" varchar NOT NULL,
  	"ccnl_code" varchar,
  	"description" varchar,
  	"note" varchar,
  	"category_id" integer NOT NULL,
  	"key" varchar,
  	"category_code" numeric,
  	"contract_code" numeric,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "regions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"name" varchar NOT NULL,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "provinces" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"name" varchar NOT NULL,
  	"region_id" integer NOT NULL,
  	"region_code" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "companies" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" numeric NOT NULL,
  	"name" varchar NOT NULL,
  	"contract_id" integer NOT NULL,
  	"contract_code" numeric,
  	"label" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "territorial_pay_tables" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"title" varchar NOT NULL,
  	"category_id" integer NOT NULL,
  	"province_id" integer,
  	"company_id" integer,
  	"effective_date" timestamp(3) with time zone NOT NULL,
  	"html" varchar NOT NULL,
  	"nav" jsonb,
  	"category_code" numeric,
  	"contract_code" numeric,
  	"province_code" varchar,
  	"company_code" numeric,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "news" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"type" "enum_news_type" DEFAULT 'news',
  	"date" timestamp(3) with time zone,
  	"body" jsonb,
  	"html" varchar,
  	"attachment_id" integer,
  	"attachment_name" varchar,
  	"slug" varchar,
  	"guid" varchar,
  	"period" varchar,
  	"import_hash" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "enum_news_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "news_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"sectors_id" integer,
  	"contracts_id" integer
  );
  
  CREATE TABLE "_news_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_type" "enum__news_v_version_type" DEFAULT 'news',
  	"version_date" timestamp(3) with time zone,
  	"version_body" jsonb,
  	"version_html" varchar,
  	"version_attachment_id" integer,
  	"version_attachment_name" varchar,
  	"version_slug" varchar,
  	"version_guid" varchar,
  	"version_period" varchar,
  	"version_import_hash" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__news_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "_news_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"sectors_id" integer,
  	"contracts_id" integer
  );
  
  CREATE TABLE "media" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"alt" varchar,
  	"sha256" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  CREATE TABLE "import_runs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"status" "enum_import_runs_status" NOT NULL,
  	"trigger" "enum_import_runs_trigger" NOT NULL,
  	"format" "enum_import_runs_format" NOT NULL,
  	"dry_run" boolean DEFAULT false,
  	"source" varchar,
  	"started_at" timestamp(3) with time zone,
  	"finished_at" timestamp(3) with time zone,
  	"duration_ms" numeric,
  	"created" numeric DEFAULT 0,
  	"updated" numeric DEFAULT 0,
  	"unchanged" numeric DEFAULT 0,
  	"rejected" numeric DEFAULT 0,
  	"entities" jsonb,
  	"errors" jsonb,
  	"message" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_jobs_log" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"executed_at" timestamp(3) with time zone NOT NULL,
  	"completed_at" timestamp(3) with time zone NOT NULL,
  	"task_slug" "enum_payload_jobs_log_task_slug" NOT NULL,
  	"task_i_d" varchar NOT NULL,
  	"input" jsonb,
  	"output" jsonb,
  	"state" "enum_payload_jobs_log_state" NOT NULL,
  	"error" jsonb
  );
  
  CREATE TABLE "payload_jobs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"input" jsonb,
  	"completed_at" timestamp(3) with time zone,
  	"total_tried" numeric DEFAULT 0,
  	"has_error" boolean DEFAULT false,
  	"error" jsonb,
  	"task_slug" "enum_payload_jobs_task_slug",
  	"queue" varchar DEFAULT 'default',
  	"wait_until" timestamp(3) with time zone,
  	"processing" boolean DEFAULT false,
  	"meta" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_jobs_stats" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"stats" jsonb,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "sectors_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "contracts_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "categories_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "contract_mappings_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "text_types_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "contract_texts_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "pay_tables_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "summaries_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "classifications_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "regions_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "provinces_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "companies_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "territorial_pay_tables_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "news_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "media_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "import_runs_id" integer;
  ALTER TABLE "contracts" ADD CONSTRAINT "contracts_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contracts" ADD CONSTRAINT "contracts_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "categories" ADD CONSTRAINT "categories_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contract_mappings" ADD CONSTRAINT "contract_mappings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contract_mappings" ADD CONSTRAINT "contract_mappings_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contract_texts" ADD CONSTRAINT "contract_texts_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contract_texts" ADD CONSTRAINT "contract_texts_text_type_id_text_types_id_fk" FOREIGN KEY ("text_type_id") REFERENCES "public"."text_types"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contract_texts" ADD CONSTRAINT "contract_texts_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contract_texts" ADD CONSTRAINT "contract_texts_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "contract_texts" ADD CONSTRAINT "contract_texts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "pay_tables" ADD CONSTRAINT "pay_tables_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "summaries" ADD CONSTRAINT "summaries_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "summaries" ADD CONSTRAINT "summaries_pdf_id_media_id_fk" FOREIGN KEY ("pdf_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "classifications" ADD CONSTRAINT "classifications_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "provinces" ADD CONSTRAINT "provinces_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "companies" ADD CONSTRAINT "companies_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "territorial_pay_tables" ADD CONSTRAINT "territorial_pay_tables_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "territorial_pay_tables" ADD CONSTRAINT "territorial_pay_tables_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "territorial_pay_tables" ADD CONSTRAINT "territorial_pay_tables_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "news" ADD CONSTRAINT "news_attachment_id_media_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "news_rels" ADD CONSTRAINT "news_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "news_rels" ADD CONSTRAINT "news_rels_sectors_fk" FOREIGN KEY ("sectors_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "news_rels" ADD CONSTRAINT "news_rels_contracts_fk" FOREIGN KEY ("contracts_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_news_v" ADD CONSTRAINT "_news_v_parent_id_news_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."news"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_news_v" ADD CONSTRAINT "_news_v_version_attachment_id_media_id_fk" FOREIGN KEY ("version_attachment_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_news_v_rels" ADD CONSTRAINT "_news_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_news_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_news_v_rels" ADD CONSTRAINT "_news_v_rels_sectors_fk" FOREIGN KEY ("sectors_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_news_v_rels" ADD CONSTRAINT "_news_v_rels_contracts_fk" FOREIGN KEY ("contracts_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_jobs_log" ADD CONSTRAINT "payload_jobs_log_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."payload_jobs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "sectors_code_idx" ON "sectors" USING btree ("code");
  CREATE INDEX "sectors_cnel_name_idx" ON "sectors" USING btree ("cnel_name");
  CREATE INDEX "sectors_label_idx" ON "sectors" USING btree ("label");
  CREATE INDEX "sectors_updated_at_idx" ON "sectors" USING btree ("updated_at");
  CREATE INDEX "sectors_created_at_idx" ON "sectors" USING btree ("created_at");
  CREATE UNIQUE INDEX "contracts_code_idx" ON "contracts" USING btree ("code");
  CREATE INDEX "contracts_sector_idx" ON "contracts" USING btree ("sector_id");
  CREATE INDEX "contracts_sector_code_idx" ON "contracts" USING btree ("sector_code");
  CREATE UNIQUE INDEX "contracts_cnel_code_idx" ON "contracts" USING btree ("cnel_code");
  CREATE INDEX "contracts_expires_on_idx" ON "contracts" USING btree ("expires_on");
  CREATE INDEX "contracts_image_idx" ON "contracts" USING btree ("image_id");
  CREATE INDEX "contracts_label_idx" ON "contracts" USING btree ("label");
  CREATE INDEX "contracts_updated_at_idx" ON "contracts" USING btree ("updated_at");
  CREATE INDEX "contracts_created_at_idx" ON "contracts" USING btree ("created_at");
  CREATE UNIQUE INDEX "categories_code_idx" ON "categories" USING btree ("code");
  CREATE INDEX "categories_contract_idx" ON "categories" USING btree ("contract_id");
  CREATE INDEX "categories_contract_code_idx" ON "categories" USING btree ("contract_code");
  CREATE INDEX "categories_sector_code_idx" ON "categories" USING btree ("sector_code");
  CREATE INDEX "categories_label_idx" ON "categories" USING btree ("label");
  CREATE INDEX "categories_updated_at_idx" ON "categories" USING btree ("updated_at");
  CREATE INDEX "categories_created_at_idx" ON "categories" USING btree ("created_at");
  CREATE INDEX "contract_mappings_category_idx" ON "contract_mappings" USING btree ("category_id");
  CREATE UNIQUE INDEX "contract_mappings_category_code_idx" ON "contract_mappings" USING btree ("category_code");
  CREATE INDEX "contract_mappings_contract_idx" ON "contract_mappings" USING btree ("contract_id");
  CREATE INDEX "contract_mappings_contract_code_idx" ON "contract_mappings" USING btree ("contract_code");
  CREATE INDEX "contract_mappings_updated_at_idx" ON "contract_mappings" USING btree ("updated_at");
  CREATE INDEX "contract_mappings_created_at_idx" ON "contract_mappings" USING btree ("created_at");
  CREATE UNIQUE INDEX "text_types_code_idx" ON "text_types" USING btree ("code");
  CREATE INDEX "text_types_label_idx" ON "text_types" USING btree ("label");
  CREATE INDEX "text_types_updated_at_idx" ON "text_types" USING btree ("updated_at");
  CREATE INDEX "text_types_created_at_idx" ON "text_types" USING btree ("created_at");
  CREATE UNIQUE INDEX "contract_texts_code_idx" ON "contract_texts" USING btree ("code");
  CREATE INDEX "contract_texts_scope_idx" ON "contract_texts" USING btree ("scope");
  CREATE INDEX "contract_texts_edition_idx" ON "contract_texts" USING btree ("edition");
  CREATE INDEX "contract_texts_date_idx" ON "contract_texts" USING btree ("date");
  CREATE INDEX "contract_texts_contract_idx" ON "contract_texts" USING btree ("contract_id");
  CREATE INDEX "contract_texts_text_type_idx" ON "contract_texts" USING btree ("text_type_id");
  CREATE INDEX "contract_texts_region_idx" ON "contract_texts" USING btree ("region_id");
  CREATE INDEX "contract_texts_province_idx" ON "contract_texts" USING btree ("province_id");
  CREATE INDEX "contract_texts_company_idx" ON "contract_texts" USING btree ("company_id");
  CREATE INDEX "contract_texts_contract_code_idx" ON "contract_texts" USING btree ("contract_code");
  CREATE INDEX "contract_texts_sector_code_idx" ON "contract_texts" USING btree ("sector_code");
  CREATE INDEX "contract_texts_type_code_idx" ON "contract_texts" USING btree ("type_code");
  CREATE INDEX "contract_texts_region_code_idx" ON "contract_texts" USING btree ("region_code");
  CREATE INDEX "contract_texts_province_code_idx" ON "contract_texts" USING btree ("province_code");
  CREATE INDEX "contract_texts_company_code_idx" ON "contract_texts" USING btree ("company_code");
  CREATE INDEX "contract_texts_updated_at_idx" ON "contract_texts" USING btree ("updated_at");
  CREATE INDEX "contract_texts_created_at_idx" ON "contract_texts" USING btree ("created_at");
  CREATE INDEX "pay_tables_category_idx" ON "pay_tables" USING btree ("category_id");
  CREATE INDEX "pay_tables_effective_date_idx" ON "pay_tables" USING btree ("effective_date");
  CREATE UNIQUE INDEX "pay_tables_key_idx" ON "pay_tables" USING btree ("key");
  CREATE INDEX "pay_tables_category_code_idx" ON "pay_tables" USING btree ("category_code");
  CREATE INDEX "pay_tables_contract_code_idx" ON "pay_tables" USING btree ("contract_code");
  CREATE INDEX "pay_tables_updated_at_idx" ON "pay_tables" USING btree ("updated_at");
  CREATE INDEX "pay_tables_created_at_idx" ON "pay_tables" USING btree ("created_at");
  CREATE UNIQUE INDEX "category_effectiveDate_idx" ON "pay_tables" USING btree ("category_id","effective_date");
  CREATE INDEX "summaries_type_idx" ON "summaries" USING btree ("type");
  CREATE INDEX "summaries_demo_idx" ON "summaries" USING btree ("demo");
  CREATE INDEX "summaries_category_idx" ON "summaries" USING btree ("category_id");
  CREATE INDEX "summaries_pdf_idx" ON "summaries" USING btree ("pdf_id");
  CREATE UNIQUE INDEX "summaries_key_idx" ON "summaries" USING btree ("key");
  CREATE INDEX "summaries_category_code_idx" ON "summaries" USING btree ("category_code");
  CREATE INDEX "summaries_contract_code_idx" ON "summaries" USING btree ("contract_code");
  CREATE INDEX "summaries_updated_at_idx" ON "summaries" USING btree ("updated_at");
  CREATE INDEX "summaries_created_at_idx" ON "summaries" USING btree ("created_at");
  CREATE UNIQUE INDEX "category_type_idx" ON "summaries" USING btree ("category_id","type");
  CREATE INDEX "classifications_scheme_idx" ON "classifications" USING btree ("scheme");
  CREATE INDEX "classifications_code_idx" ON "classifications" USING btree ("code");
  CREATE INDEX "classifications_category_idx" ON "classifications" USING btree ("category_id");
  CREATE UNIQUE INDEX "classifications_key_idx" ON "classifications" USING btree ("key");
  CREATE INDEX "classifications_category_code_idx" ON "classifications" USING btree ("category_code");
  CREATE INDEX "classifications_contract_code_idx" ON "classifications" USING btree ("contract_code");
  CREATE INDEX "classifications_updated_at_idx" ON "classifications" USING btree ("updated_at");
  CREATE INDEX "classifications_created_at_idx" ON "classifications" USING btree ("created_at");
  CREATE UNIQUE INDEX "regions_code_idx" ON "regions" USING btree ("code");
  CREATE INDEX "regions_updated_at_idx" ON "regions" USING btree ("updated_at");
  CREATE INDEX "regions_created_at_idx" ON "regions" USING btree ("created_at");
  CREATE UNIQUE INDEX "provinces_code_idx" ON "provinces" USING btree ("code");
  CREATE INDEX "provinces_region_idx" ON "provinces" USING btree ("region_id");
  CREATE INDEX "provinces_region_code_idx" ON "provinces" USING btree ("region_code");
  CREATE INDEX "provinces_updated_at_idx" ON "provinces" USING btree ("updated_at");
  CREATE INDEX "provinces_created_at_idx" ON "provinces" USING btree ("created_at");
  CREATE UNIQUE INDEX "companies_code_idx" ON "companies" USING btree ("code");
  CREATE INDEX "companies_contract_idx" ON "companies" USING btree ("contract_id");
  CREATE INDEX "companies_contract_code_idx" ON "companies" USING btree ("contract_code");
  CREATE INDEX "companies_label_idx" ON "companies" USING btree ("label");
  CREATE INDEX "companies_updated_at_idx" ON "companies" USING btree ("updated_at");
  CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at");
  CREATE UNIQUE INDEX "territorial_pay_tables_code_idx" ON "territorial_pay_tables" USING btree ("code");
  CREATE INDEX "territorial_pay_tables_category_idx" ON "territorial_pay_tables" USING btree ("category_id");
  CREATE INDEX "territorial_pay_tables_province_idx" ON "territorial_pay_tables" USING btree ("province_id");
  CREATE INDEX "territorial_pay_tables_company_idx" ON "territorial_pay_tables" USING btree ("company_id");
  CREATE INDEX "territorial_pay_tables_effective_date_idx" ON "territorial_pay_tables" USING btree ("effective_date");
  CREATE INDEX "territorial_pay_tables_category_code_idx" ON "territorial_pay_tables" USING btree ("category_code");
  CREATE INDEX "territorial_pay_tables_contract_code_idx" ON "territorial_pay_tables" USING btree ("contract_code");
  CREATE INDEX "territorial_pay_tables_province_code_idx" ON "territorial_pay_tables" USING btree ("province_code");
  CREATE INDEX "territorial_pay_tables_company_code_idx" ON "territorial_pay_tables" USING btree ("company_code");
  CREATE INDEX "territorial_pay_tables_updated_at_idx" ON "territorial_pay_tables" USING btree ("updated_at");
  CREATE INDEX "territorial_pay_tables_created_at_idx" ON "territorial_pay_tables" USING btree ("created_at");
  CREATE INDEX "news_type_idx" ON "news" USING btree ("type");
  CREATE INDEX "news_date_idx" ON "news" USING btree ("date");
  CREATE INDEX "news_attachment_idx" ON "news" USING btree ("attachment_id");
  CREATE INDEX "news_slug_idx" ON "news" USING btree ("slug");
  CREATE UNIQUE INDEX "news_guid_idx" ON "news" USING btree ("guid");
  CREATE INDEX "news_period_idx" ON "news" USING btree ("period");
  CREATE INDEX "news_updated_at_idx" ON "news" USING btree ("updated_at");
  CREATE INDEX "news_created_at_idx" ON "news" USING btree ("created_at");
  CREATE INDEX "news__status_idx" ON "news" USING btree ("_status");
  CREATE UNIQUE INDEX "period_slug_idx" ON "news" USING btree ("period","slug");
  CREATE INDEX "news_rels_order_idx" ON "news_rels" USING btree ("order");
  CREATE INDEX "news_rels_parent_idx" ON "news_rels" USING btree ("parent_id");
  CREATE INDEX "news_rels_path_idx" ON "news_rels" USING btree ("path");
  CREATE INDEX "news_rels_sectors_id_idx" ON "news_rels" USING btree ("sectors_id");
  CREATE INDEX "news_rels_contracts_id_idx" ON "news_rels" USING btree ("contracts_id");
  CREATE INDEX "_news_v_parent_idx" ON "_news_v" USING btree ("parent_id");
  CREATE INDEX "_news_v_version_version_type_idx" ON "_news_v" USING btree ("version_type");
  CREATE INDEX "_news_v_version_version_date_idx" ON "_news_v" USING btree ("version_date");
  CREATE INDEX "_news_v_version_version_attachment_idx" ON "_news_v" USING btree ("version_attachment_id");
  CREATE INDEX "_news_v_version_version_slug_idx" ON "_news_v" USING btree ("version_slug");
  CREATE INDEX "_news_v_version_version_guid_idx" ON "_news_v" USING btree ("version_guid");
  CREATE INDEX "_news_v_version_version_period_idx" ON "_news_v" USING btree ("version_period");
  CREATE INDEX "_news_v_version_version_updated_at_idx" ON "_news_v" USING btree ("version_updated_at");
  CREATE INDEX "_news_v_version_version_created_at_idx" ON "_news_v" USING btree ("version_created_at");
  CREATE INDEX "_news_v_version_version__status_idx" ON "_news_v" USING btree ("version__status");
  CREATE INDEX "_news_v_created_at_idx" ON "_news_v" USING btree ("created_at");
  CREATE INDEX "_news_v_updated_at_idx" ON "_news_v" USING btree ("updated_at");
  CREATE INDEX "_news_v_latest_idx" ON "_news_v" USING btree ("latest");
  CREATE INDEX "version_period_version_slug_idx" ON "_news_v" USING btree ("version_period","version_slug");
  CREATE INDEX "_news_v_rels_order_idx" ON "_news_v_rels" USING btree ("order");
  CREATE INDEX "_news_v_rels_parent_idx" ON "_news_v_rels" USING btree ("parent_id");
  CREATE INDEX "_news_v_rels_path_idx" ON "_news_v_rels" USING btree ("path");
  CREATE INDEX "_news_v_rels_sectors_id_idx" ON "_news_v_rels" USING btree ("sectors_id");
  CREATE INDEX "_news_v_rels_contracts_id_idx" ON "_news_v_rels" USING btree ("contracts_id");
  CREATE INDEX "media_sha256_idx" ON "media" USING btree ("sha256");
  CREATE INDEX "media_updated_at_idx" ON "media" USING btree ("updated_at");
  CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at");
  CREATE UNIQUE INDEX "media_filename_idx" ON "media" USING btree ("filename");
  CREATE INDEX "import_runs_status_idx" ON "import_runs" USING btree ("status");
  CREATE INDEX "import_runs_started_at_idx" ON "import_runs" USING btree ("started_at");
  CREATE INDEX "import_runs_updated_at_idx" ON "import_runs" USING btree ("updated_at");
  CREATE INDEX "import_runs_created_at_idx" ON "import_runs" USING btree ("created_at");
  CREATE INDEX "payload_jobs_log_order_idx" ON "payload_jobs_log" USING btree ("_order");
  CREATE INDEX "payload_jobs_log_parent_id_idx" ON "payload_jobs_log" USING btree ("_parent_id");
  CREATE INDEX "payload_jobs_completed_at_idx" ON "payload_jobs" USING btree ("completed_at");
  CREATE INDEX "payload_jobs_total_tried_idx" ON "payload_jobs" USING btree ("total_tried");
  CREATE INDEX "payload_jobs_has_error_idx" ON "payload_jobs" USING btree ("has_error");
  CREATE INDEX "payload_jobs_task_slug_idx" ON "payload_jobs" USING btree ("task_slug");
  CREATE INDEX "payload_jobs_queue_idx" ON "payload_jobs" USING btree ("queue");
  CREATE INDEX "payload_jobs_wait_until_idx" ON "payload_jobs" USING btree ("wait_until");
  CREATE INDEX "payload_jobs_processing_idx" ON "payload_jobs" USING btree ("processing");
  CREATE INDEX "payload_jobs_updated_at_idx" ON "payload_jobs" USING btree ("updated_at");
  CREATE INDEX "payload_jobs_created_at_idx" ON "payload_jobs" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_sectors_fk" FOREIGN KEY ("sectors_id") REFERENCES "public"."sectors"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_contracts_fk" FOREIGN KEY ("contracts_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_categories_fk" FOREIGN KEY ("categories_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_contract_mappings_fk" FOREIGN KEY ("contract_mappings_id") REFERENCES "public"."contract_mappings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_text_types_fk" FOREIGN KEY ("text_types_id") REFERENCES "public"."text_types"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_contract_texts_fk" FOREIGN KEY ("contract_texts_id") REFERENCES "public"."contract_texts"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_pay_tables_fk" FOREIGN KEY ("pay_tables_id") REFERENCES "public"."pay_tables"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_summaries_fk" FOREIGN KEY ("summaries_id") REFERENCES "public"."summaries"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_classifications_fk" FOREIGN KEY ("classifications_id") REFERENCES "public"."classifications"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_regions_fk" FOREIGN KEY ("regions_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_provinces_fk" FOREIGN KEY ("provinces_id") REFERENCES "public"."provinces"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_companies_fk" FOREIGN KEY ("companies_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_territorial_pay_tables_fk" FOREIGN KEY ("territorial_pay_tables_id") REFERENCES "public"."territorial_pay_tables"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_news_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_media_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_import_runs_fk" FOREIGN KEY ("import_runs_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_sectors_id_idx" ON "payload_locked_documents_rels" USING btree ("sectors_id");
  CREATE INDEX "payload_locked_documents_rels_contracts_id_idx" ON "payload_locked_documents_rels" USING btree ("contracts_id");
  CREATE INDEX "payload_locked_documents_rels_categories_id_idx" ON "payload_locked_documents_rels" USING btree ("categories_id");
  CREATE INDEX "payload_locked_documents_rels_contract_mappings_id_idx" ON "payload_locked_documents_rels" USING btree ("contract_mappings_id");
  CREATE INDEX "payload_locked_documents_rels_text_types_id_idx" ON "payload_locked_documents_rels" USING btree ("text_types_id");
  CREATE INDEX "payload_locked_documents_rels_contract_texts_id_idx" ON "payload_locked_documents_rels" USING btree ("contract_texts_id");
  CREATE INDEX "payload_locked_documents_rels_pay_tables_id_idx" ON "payload_locked_documents_rels" USING btree ("pay_tables_id");
  CREATE INDEX "payload_locked_documents_rels_summaries_id_idx" ON "payload_locked_documents_rels" USING btree ("summaries_id");
  CREATE INDEX "payload_locked_documents_rels_classifications_id_idx" ON "payload_locked_documents_rels" USING btree ("classifications_id");
  CREATE INDEX "payload_locked_documents_rels_regions_id_idx" ON "payload_locked_documents_rels" USING btree ("regions_id");
  CREATE INDEX "payload_locked_documents_rels_provinces_id_idx" ON "payload_locked_documents_rels" USING btree ("provinces_id");
  CREATE INDEX "payload_locked_documents_rels_companies_id_idx" ON "payload_locked_documents_rels" USING btree ("companies_id");
  CREATE INDEX "payload_locked_documents_rels_territorial_pay_tables_id_idx" ON "payload_locked_documents_rels" USING btree ("territorial_pay_tables_id");
  CREATE INDEX "payload_locked_documents_rels_news_id_idx" ON "payload_locked_documents_rels" USING btree ("news_id");
  CREATE INDEX "payload_locked_documents_rels_media_id_idx" ON "payload_locked_documents_rels" USING btree ("media_id");
  CREATE INDEX "payload_locked_documents_rels_import_runs_id_idx" ON "payload_locked_documents_rels" USING btree ("import_runs_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "sectors" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "contracts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "categories" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "contract_mappings" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "text_types" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "contract_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "pay_tables" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "summaries" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "classifications" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "regions" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "provinces" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "companies" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "territorial_pay_tables" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "news" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "news_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_news_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_news_v_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "media" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "import_runs" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs_log" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "payload_jobs_stats" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "sectors" CASCADE;
  DROP TABLE "contracts" CASCADE;
  DROP TABLE "categories" CASCADE;
  DROP TABLE "contract_mappings" CASCADE;
  DROP TABLE "text_types" CASCADE;
  DROP TABLE "contract_texts" CASCADE;
  DROP TABLE "pay_tables" CASCADE;
  DROP TABLE "summaries" CASCADE;
  DROP TABLE "classifications" CASCADE;
  DROP TABLE "regions" CASCADE;
  DROP TABLE "provinces" CASCADE;
  DROP TABLE "companies" CASCADE;
  DROP TABLE "territorial_pay_tables" CASCADE;
  DROP TABLE "news" CASCADE;
  DROP TABLE "news_rels" CASCADE;
  DROP TABLE "_news_v" CASCADE;
  DROP TABLE "_news_v_rels" CASCADE;
  DROP TABLE "media" CASCADE;
  DROP TABLE "import_runs" CASCADE;
  DROP TABLE "payload_jobs_log" CASCADE;
  DROP TABLE "payload_jobs" CASCADE;
  DROP TABLE "payload_jobs_stats" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_sectors_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_contracts_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_categories_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_contract_mappings_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_text_types_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_contract_texts_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_pay_tables_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_summaries_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_classifications_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_regions_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_provinces_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_companies_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_territorial_pay_tables_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_news_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_media_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_import_runs_fk";
  
  DROP INDEX "payload_locked_documents_rels_sectors_id_idx";
  DROP INDEX "payload_locked_documents_rels_contracts_id_idx";
  DROP INDEX "payload_locked_documents_rels_categories_id_idx";
  DROP INDEX "payload_locked_documents_rels_contract_mappings_id_idx";
  DROP INDEX "payload_locked_documents_rels_text_types_id_idx";
  DROP INDEX "payload_locked_documents_rels_contract_texts_id_idx";
  DROP INDEX "payload_locked_documents_rels_pay_tables_id_idx";
  DROP INDEX "payload_locked_documents_rels_summaries_id_idx";
  DROP INDEX "payload_locked_documents_rels_classifications_id_idx";
  DROP INDEX "payload_locked_documents_rels_regions_id_idx";
  DROP INDEX "payload_locked_documents_rels_provinces_id_idx";
  DROP INDEX "payload_locked_documents_rels_companies_id_idx";
  DROP INDEX "payload_locked_documents_rels_territorial_pay_tables_id_idx";
  DROP INDEX "payload_locked_documents_rels_news_id_idx";
  DROP INDEX "payload_locked_documents_rels_media_id_idx";
  DROP INDEX "payload_locked_documents_rels_import_runs_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "sectors_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "contracts_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "categories_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "contract_mappings_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "text_types_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "contract_texts_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "pay_tables_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "summaries_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "classifications_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "regions_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "provinces_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "companies_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "territorial_pay_tables_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "news_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "media_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "import_runs_id";
  DROP TYPE "public"."enum_contract_texts_scope";
  DROP TYPE "public"."enum_contract_texts_edition";
  DROP TYPE "public"."enum_summaries_type";
  DROP TYPE "public"."enum_classifications_scheme";
  DROP TYPE "public"."enum_news_type";
  DROP TYPE "public"."enum_news_status";
  DROP TYPE "public"."enum__news_v_version_type";
  DROP TYPE "public"."enum__news_v_version_status";
  DROP TYPE "public"."enum_import_runs_status";
  DROP TYPE "public"."enum_import_runs_trigger";
  DROP TYPE "public"."enum_import_runs_format";
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  DROP TYPE "public"."enum_payload_jobs_log_state";
  DROP TYPE "public"."enum_payload_jobs_task_slug";`)
}
