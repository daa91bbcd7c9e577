import { sql, type MigrateDownArgs, type MigrateUpArgs } from '@payloadcms/db-postgres'

/**
 * The storage plugin's fields on both upload collections (cms/storage.ts): the
 * object prefix in the bucket and the key of a file uploaded by the browser.
 * Added whether or not S3_BUCKET is set, so the schema is the same in every
 * installation. The snapshot beside it is the whole schema as the config
 * describes it now.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "prefix" varchar DEFAULT 'media';
  ALTER TABLE "media" ADD COLUMN IF NOT EXISTS "_objectkey" varchar;
  ALTER TABLE "site_media" ADD COLUMN IF NOT EXISTS "prefix" varchar DEFAULT 'site-media';
  ALTER TABLE "site_media" ADD COLUMN IF NOT EXISTS "_objectkey" varchar;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "media" DROP COLUMN IF EXISTS "prefix";
  ALTER TABLE "media" DROP COLUMN IF EXISTS "_objectkey";
  ALTER TABLE "site_media" DROP COLUMN IF EXISTS "prefix";
  ALTER TABLE "site_media" DROP COLUMN IF EXISTS "_objectkey";`)
}
