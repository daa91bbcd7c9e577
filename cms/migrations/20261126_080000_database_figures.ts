import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/** The product pages' 'database in figures' block (cms/blocks/index.ts `DatabaseFiguresBlock`). */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "product_pages_blocks_database_figures" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar DEFAULT 'La banca dati in cifre' NOT NULL,
  	"intro" varchar,
  	"block_name" varchar
  );

  ALTER TABLE "product_pages_blocks_database_figures" ADD CONSTRAINT "product_pages_blocks_database_figures_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."product_pages"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "product_pages_blocks_database_figures_order_idx" ON "product_pages_blocks_database_figures" USING btree ("_order");
  CREATE INDEX "product_pages_blocks_database_figures_parent_id_idx" ON "product_pages_blocks_database_figures" USING btree ("_parent_id");
  CREATE INDEX "product_pages_blocks_database_figures_path_idx" ON "product_pages_blocks_database_figures" USING btree ("_path");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "product_pages_blocks_database_figures" CASCADE;`)
}
