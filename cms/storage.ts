import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'
import { getEnv } from '../modules/platform/index.ts'

/**
 * Where uploaded files live: with S3_BUCKET set, in that S3-compatible bucket
 * (each collection under its own prefix, so two collections never share a
 * key); otherwise on local disk under DATA_DIR. Files are still served through
 * Payload (`/cms/api/<collection>/file/<name>`) with the collection's read
 * access, wherever they are stored.
 *
 * The plugin is applied in both cases and always adds its fields (`prefix`,
 * `_objectKey`), so the database schema, and its migrations, are the same with
 * and without a bucket.
 */
export function mediaStorage(): Plugin {
  const env = getEnv()
  return s3Storage({
    enabled: env.S3_BUCKET !== undefined,
    alwaysInsertFields: true,
    bucket: env.S3_BUCKET ?? '',
    collections: {
      media: { prefix: 'media' },
      'site-media': { prefix: 'site-media' },
    },
    config: {
      region: env.S3_REGION,
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      ...(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } }
        : {}),
    },
  })
}
