import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'
import { siteContentSchemaV1 } from '../../modules/site-content/index.ts'
import { supportSchemaV1 } from '../../modules/support/index.ts'

/**
 * The public site: product pages (blocks), legal pages, public files, support
 * reports (Payload's schema), the cookie choices and the used captcha solutions.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_product_pages_blocks_feature_list_columns" AS ENUM('2', '3');
  CREATE TYPE "public"."enum_product_pages_blocks_wage_table_counts_display" AS ENUM('table', 'chart', 'both');
  CREATE TYPE "public"."enum_product_pages_slug" AS ENUM('werte', 'wertecolf', 'werteplus');
  CREATE TYPE "public"."enum_legal_pages_slug" AS ENUM('termini-e-condizioni', 'privacy-policy', 'cookie-policy');
  CREATE TYPE "public"."enum_support_reports_type" AS ENUM('assistenza_tecnica', 'assistenza_amministrativa', 'suggerimenti', 'altro');
  CREATE TYPE "public"."enum_support_reports_status" AS ENUM('new', 'open', 'closed');
  CREATE TABLE "product_pages_blocks_hero_highlights" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"value" varchar NOT NULL,
  	"label" varchar NOT NULL
  );
  
  CREATE TABLE "product_pages_blocks_hero" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"eyebrow" varchar,
  	"heading" varchar NOT NULL,
  	"lead" varchar,
  	"cta_label" varchar DEFAULT 'Richiedi informazioni',
  	"image_id" integer,
  	"block_name" varchar
  );
  
  CREATE TABLE "product_pages_blocks_feature_list_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "product_pages_blocks_feature_list" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar NOT NULL,
  	"intro" varchar,
  	"columns" "enum_product_pages_blocks_feature_list_columns" DEFAULT '3',
  	"block_name" varchar
  );
  
  CREATE TABLE "product_pages_blocks_wage_table_counts_rows" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"sector" varchar NOT NULL,
  	"count" numeric NOT NULL
  );
  
  CREATE TABLE "product_pages_blocks_wage_table_counts" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar NOT NULL,
  	"intro" varchar,
  	"display" "enum_product_pages_blocks_wage_table_counts_display" DEFAULT 'table' NOT NULL,
  	"note" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "product_pages_blocks_demo_videos_videos" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"text" varchar,
  	"video_id" integer
  );
  
  CREATE TABLE "product_pages_blocks_demo_videos" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar NOT NULL,
  	"intro" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "product_pages_blocks_screenshot_carousel_slides" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"image_id" integer NOT NULL,
  	"caption" varchar NOT NULL
  );
  
  CREATE TABLE "product_pages_blocks_screenshot_carousel" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar NOT NULL,
  	"block_name" varchar
  );
  
  CREATE TABLE "product_pages_blocks_faq_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"question" varchar NOT NULL,
  	"answer" varchar NOT NULL
  );
  
  CREATE TABLE "product_pages_blocks_faq" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar DEFAULT 'Domande frequenti' NOT NULL,
  	"block_name" varchar
  );
  
  CREATE TABLE "product_pages_blocks_print_report" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar NOT NULL,
  	"text" varchar,
  	"link_label" varchar DEFAULT 'Scarica il report di stampa' NOT NULL,
  	"file_id" integer NOT NULL,
  	"block_name" varchar
  );
  
  CREATE TABLE "product_pages_blocks_contact_form" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar DEFAULT 'Richiedi informazioni' NOT NULL,
  	"intro" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "product_pages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"slug" "enum_product_pages_slug" NOT NULL,
  	"tagline" varchar NOT NULL,
  	"meta_description" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "legal_pages_sections_subsections" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"body" jsonb,
  	"html" varchar
  );
  
  CREATE TABLE "legal_pages_sections" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"body" jsonb,
  	"html" varchar
  );
  
  CREATE TABLE "legal_pages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"slug" "enum_legal_pages_slug" NOT NULL,
  	"last_updated" timestamp(3) with time zone NOT NULL,
  	"meta_description" varchar NOT NULL,
  	"intro" jsonb,
  	"intro_html" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "site_media" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"alt" varchar NOT NULL,
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
  
  CREATE TABLE "support_reports" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"type" "enum_support_reports_type" NOT NULL,
  	"status" "enum_support_reports_status" DEFAULT 'new' NOT NULL,
  	"body" varchar NOT NULL,
  	"user_id" varchar,
  	"notes" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "product_pages_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "legal_pages_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "site_media_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "support_reports_id" integer;
  ALTER TABLE "product_pages_blocks_hero_highlights" ADD CONSTRAINT "product_pages_blocks_hero_highlights_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages_blocks_hero"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_hero" ADD CONSTRAINT "product_pages_blocks_hero_image_id_site_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."site_media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_hero" ADD CONSTRAINT "product_pages_blocks_hero_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_feature_list_items" ADD CONSTRAINT "product_pages_blocks_feature_list_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages_blocks_feature_list"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_feature_list" ADD CONSTRAINT "product_pages_blocks_feature_list_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_wage_table_counts_rows" ADD CONSTRAINT "product_pages_blocks_wage_table_counts_rows_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages_blocks_wage_table_counts"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_wage_table_counts" ADD CONSTRAINT "product_pages_blocks_wage_table_counts_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_demo_videos_videos" ADD CONSTRAINT "product_pages_blocks_demo_videos_videos_video_id_site_media_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."site_media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_demo_videos_videos" ADD CONSTRAINT "product_pages_blocks_demo_videos_videos_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages_blocks_demo_videos"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_demo_videos" ADD CONSTRAINT "product_pages_blocks_demo_videos_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_screenshot_carousel_slides" ADD CONSTRAINT "product_pages_blocks_screenshot_carousel_slides_image_id_site_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."site_media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_screenshot_carousel_slides" ADD CONSTRAINT "product_pages_blocks_screenshot_carousel_slides_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages_blocks_screenshot_carousel"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_screenshot_carousel" ADD CONSTRAINT "product_pages_blocks_screenshot_carousel_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_faq_items" ADD CONSTRAINT "product_pages_blocks_faq_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages_blocks_faq"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_faq" ADD CONSTRAINT "product_pages_blocks_faq_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_print_report" ADD CONSTRAINT "product_pages_blocks_print_report_file_id_site_media_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."site_media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_print_report" ADD CONSTRAINT "product_pages_blocks_print_report_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_contact_form" ADD CONSTRAINT "product_pages_blocks_contact_form_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "legal_pages_sections_subsections" ADD CONSTRAINT "legal_pages_sections_subsections_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."legal_pages_sections"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "legal_pages_sections" ADD CONSTRAINT "legal_pages_sections_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."legal_pages"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "product_pages_blocks_hero_highlights_order_idx" ON "product_pages_blocks_hero_highlights" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_hero_highlights_parent_id_idx" ON "product_pages_blocks_hero_highlights" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_hero_order_idx" ON "product_pages_blocks_hero" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_hero_parent_id_idx" ON "product_pages_blocks_hero" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_hero_path_idx" ON "product_pages_blocks_hero" USING btree ("_path");
  CREATE INDEX "product_pages_blocks_hero_image_idx" ON "product_pages_blocks_hero" USING btree ("image_id");
  CREATE INDEX "product_pages_blocks_feature_list_items_order_idx" ON "product_pages_blocks_feature_list_items" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_feature_list_items_parent_id_idx" ON "product_pages_blocks_feature_list_items" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_feature_list_order_idx" ON "product_pages_blocks_feature_list" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_feature_list_parent_id_idx" ON "product_pages_blocks_feature_list" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_feature_list_path_idx" ON "product_pages_blocks_feature_list" USING btree ("_path");
  CREATE INDEX "product_pages_blocks_wage_table_counts_rows_order_idx" ON "product_pages_blocks_wage_table_counts_rows" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_wage_table_counts_rows_parent_id_idx" ON "product_pages_blocks_wage_table_counts_rows" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_wage_table_counts_order_idx" ON "product_pages_blocks_wage_table_counts" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_wage_table_counts_parent_id_idx" ON "product_pages_blocks_wage_table_counts" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_wage_table_counts_path_idx" ON "product_pages_blocks_wage_table_counts" USING btree ("_path");
  CREATE INDEX "product_pages_blocks_demo_videos_videos_order_idx" ON "product_pages_blocks_demo_videos_videos" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_demo_videos_videos_parent_id_idx" ON "product_pages_blocks_demo_videos_videos" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_demo_videos_videos_video_idx" ON "product_pages_blocks_demo_videos_videos" USING btree ("video_id");
  CREATE INDEX "product_pages_blocks_demo_videos_order_idx" ON "product_pages_blocks_demo_videos" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_demo_videos_parent_id_idx" ON "product_pages_blocks_demo_videos" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_demo_videos_path_idx" ON "product_pages_blocks_demo_videos" USING btree ("_path");
  CREATE INDEX "product_pages_blocks_screenshot_carousel_slides_order_idx" ON "product_pages_blocks_screenshot_carousel_slides" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_screenshot_carousel_slides_parent_id_idx" ON "product_pages_blocks_screenshot_carousel_slides" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_screenshot_carousel_slides_image_idx" ON "product_pages_blocks_screenshot_carousel_slides" USING btree ("image_id");
  CREATE INDEX "product_pages_blocks_screenshot_carousel_order_idx" ON "product_pages_blocks_screenshot_carousel" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_screenshot_carousel_parent_id_idx" ON "product_pages_blocks_screenshot_carousel" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_screenshot_carousel_path_idx" ON "product_pages_blocks_screenshot_carousel" USING btree ("_path");
  CREATE INDEX "product_pages_blocks_faq_items_order_idx" ON "product_pages_blocks_faq_items" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_faq_items_parent_id_idx" ON "product_pages_blocks_faq_items" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_faq_order_idx" ON "product_pages_blocks_faq" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_faq_parent_id_idx" ON "product_pages_blocks_faq" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_faq_path_idx" ON "product_pages_blocks_faq" USING btree ("_path");
  CREATE INDEX "product_pages_blocks_print_report_order_idx" ON "product_pages_blocks_print_report" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_print_report_parent_id_idx" ON "product_pages_blocks_print_report" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_print_report_path_idx" ON "product_pages_blocks_print_report" USING btree ("_path");
  CREATE INDEX "product_pages_blocks_print_report_file_idx" ON "product_pages_blocks_print_report" USING btree ("file_id");
  CREATE INDEX "product_pages_blocks_contact_form_order_idx" ON "product_pages_blocks_contact_form" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_contact_form_parent_id_idx" ON "product_pages_blocks_contact_form" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_contact_form_path_idx" ON "product_pages_blocks_contact_form" USING btree ("_path");
  CREATE UNIQUE INDEX "product_pages_slug_idx" ON "product_pages" USING btree ("slug");
  CREATE INDEX "product_pages_updated_at_idx" ON "product_pages" USING btree ("updated_at");
  CREATE INDEX "product_pages_created_at_idx" ON "product_pages" USING btree ("created_at");
  CREATE INDEX "legal_pages_sections_subsections_order_idx" ON "legal_pages_sections_subsections" USING btree ("_order");
  CREATE INDEX "legal_pages_sections_subsections_parent_id_idx" ON "legal_pages_sections_subsections" USING btree ("_parent_id");
  CREATE INDEX "legal_pages_sections_order_idx" ON "legal_pages_sections" USING btree ("_order");
  CREATE INDEX "legal_pages_sections_parent_id_idx" ON "legal_pages_sections" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "legal_pages_slug_idx" ON "legal_pages" USING btree ("slug");
  CREATE INDEX "legal_pages_updated_at_idx" ON "legal_pages" USING btree ("updated_at");
  CREATE INDEX "legal_pages_created_at_idx" ON "legal_pages" USING btree ("created_at");
  CREATE INDEX "site_media_updated_at_idx" ON "site_media" USING btree ("updated_at");
  CREATE INDEX "site_media_created_at_idx" ON "site_media" USING btree ("created_at");
  CREATE UNIQUE INDEX "site_media_filename_idx" ON "site_media" USING btree ("filename");
  CREATE INDEX "support_reports_email_idx" ON "support_reports" USING btree ("email");
  CREATE INDEX "support_reports_user_id_idx" ON "support_reports" USING btree ("user_id");
  CREATE INDEX "support_reports_updated_at_idx" ON "support_reports" USING btree ("updated_at");
  CREATE INDEX "support_reports_created_at_idx" ON "support_reports" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_product_pages_fk" FOREIGN KEY ("product_pages_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_legal_pages_fk" FOREIGN KEY ("legal_pages_id") REFERENCES "public"."legal_pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_site_media_fk" FOREIGN KEY ("site_media_id") REFERENCES "public"."site_media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_support_reports_fk" FOREIGN KEY ("support_reports_id") REFERENCES "public"."support_reports"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_product_pages_id_idx" ON "payload_locked_documents_rels" USING btree ("product_pages_id");
  CREATE INDEX "payload_locked_documents_rels_legal_pages_id_idx" ON "payload_locked_documents_rels" USING btree ("legal_pages_id");
  CREATE INDEX "payload_locked_documents_rels_site_media_id_idx" ON "payload_locked_documents_rels" USING btree ("site_media_id");
  CREATE INDEX "payload_locked_documents_rels_support_reports_id_idx" ON "payload_locked_documents_rels" USING btree ("support_reports_id");`)
  await db.execute(sql.raw(siteContentSchemaV1))
  await db.execute(sql.raw(supportSchemaV1))
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS cookie_consents; DROP TABLE IF EXISTS captcha_solutions;`)
  await db.execute(sql`
   ALTER TABLE "product_pages_blocks_hero_highlights" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_hero" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_feature_list_items" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_feature_list" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_wage_table_counts_rows" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_wage_table_counts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_demo_videos_videos" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_demo_videos" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_screenshot_carousel_slides" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_screenshot_carousel" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_faq_items" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_faq" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_print_report" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages_blocks_contact_form" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "product_pages" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "legal_pages_sections_subsections" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "legal_pages_sections" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "legal_pages" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "site_media" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "support_reports" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "product_pages_blocks_hero_highlights" CASCADE;
  DROP TABLE "product_pages_blocks_hero" CASCADE;
  DROP TABLE "product_pages_blocks_feature_list_items" CASCADE;
  DROP TABLE "product_pages_blocks_feature_list" CASCADE;
  DROP TABLE "product_pages_blocks_wage_table_counts_rows" CASCADE;
  DROP TABLE "product_pages_blocks_wage_table_counts" CASCADE;
  DROP TABLE "product_pages_blocks_demo_videos_videos" CASCADE;
  DROP TABLE "product_pages_blocks_demo_videos" CASCADE;
  DROP TABLE "product_pages_blocks_screenshot_carousel_slides" CASCADE;
  DROP TABLE "product_pages_blocks_screenshot_carousel" CASCADE;
  DROP TABLE "product_pages_blocks_faq_items" CASCADE;
  DROP TABLE "product_pages_blocks_faq" CASCADE;
  DROP TABLE "product_pages_blocks_print_report" CASCADE;
  DROP TABLE "product_pages_blocks_contact_form" CASCADE;
  DROP TABLE "product_pages" CASCADE;
  DROP TABLE "legal_pages_sections_subsections" CASCADE;
  DROP TABLE "legal_pages_sections" CASCADE;
  DROP TABLE "legal_pages" CASCADE;
  DROP TABLE "site_media" CASCADE;
  DROP TABLE "support_reports" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_product_pages_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_legal_pages_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_site_media_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_support_reports_fk";
  
  DROP INDEX "payload_locked_documents_rels_product_pages_id_idx";
  DROP INDEX "payload_locked_documents_rels_legal_pages_id_idx";
  DROP INDEX "payload_locked_documents_rels_site_media_id_idx";
  DROP INDEX "payload_locked_documents_rels_support_reports_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "product_pages_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "legal_pages_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "site_media_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "support_reports_id";
  DROP TYPE "public"."enum_product_pages_blocks_feature_list_columns";
  DROP TYPE "public"."enum_product_pages_blocks_wage_table_counts_display";
  DROP TYPE "public"."enum_product_pages_slug";
  DROP TYPE "public"."enum_legal_pages_slug";
  DROP TYPE "public"."enum_support_reports_type";
  DROP TYPE "public"."enum_support_reports_status";`)
}
