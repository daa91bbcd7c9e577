import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "product_pages_blocks_demo_videos_videos" ADD COLUMN "poster_id" integer;
  ALTER TABLE "product_pages_blocks_demo_videos_videos" ADD COLUMN "captions_id" integer;
  ALTER TABLE "product_pages_blocks_demo_videos_videos" ADD COLUMN "transcript" varchar;
  ALTER TABLE "product_pages_blocks_demo_videos_videos" ADD CONSTRAINT "product_pages_blocks_demo_videos_videos_poster_id_site_media_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."site_media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "product_pages_blocks_demo_videos_videos" ADD CONSTRAINT "product_pages_blocks_demo_videos_videos_captions_id_site_media_id_fk" FOREIGN KEY ("captions_id") REFERENCES "public"."site_media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "product_pages_blocks_demo_videos_videos_poster_idx" ON "product_pages_blocks_demo_videos_videos" USING btree ("poster_id");
  CREATE INDEX "product_pages_blocks_demo_videos_videos_captions_idx" ON "product_pages_blocks_demo_videos_videos" USING btree ("captions_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "product_pages_blocks_demo_videos_videos" DROP CONSTRAINT "product_pages_blocks_demo_videos_videos_poster_id_site_media_id_fk";
  
  ALTER TABLE "product_pages_blocks_demo_videos_videos" DROP CONSTRAINT "product_pages_blocks_demo_videos_videos_captions_id_site_media_id_fk";
  
  DROP INDEX "product_pages_blocks_demo_videos_videos_poster_idx";
  DROP INDEX "product_pages_blocks_demo_videos_videos_captions_idx";
  ALTER TABLE "product_pages_blocks_demo_videos_videos" DROP COLUMN "poster_id";
  ALTER TABLE "product_pages_blocks_demo_videos_videos" DROP COLUMN "captions_id";
  ALTER TABLE "product_pages_blocks_demo_videos_videos" DROP COLUMN "transcript";`)
}
