import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { it } from '@payloadcms/translations/languages/it'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { Users } from './cms/collections/Users/index.ts'
import { migrations } from './cms/migrations/index.ts'
import { getEnv } from './modules/platform/index.ts'

const root = path.dirname(fileURLToPath(import.meta.url))
const env = getEnv()

export default buildConfig({
  secret: env.payloadSecret,
  serverURL: env.publicUrl,
  routes: { admin: '/admin', api: '/cms/api' },
  admin: {
    user: Users.slug,
    avatar: 'default',
    meta: { titleSuffix: ' · Banca Dati CCNL', title: 'Redazione' },
    importMap: {
      baseDir: root,
      importMapFile: path.join(root, 'cms/app/(payload)/admin/importMap.js'),
    },
  },
  i18n: {
    supportedLanguages: { it },
    fallbackLanguage: 'it',
  },
  collections: [Users],
  editor: lexicalEditor(),
  db: postgresAdapter({
    pool: { connectionString: env.databaseUrl, max: 20 },
    push: false,
    migrationDir: path.join(root, 'cms/migrations'),
    prodMigrations: migrations,
  }),
  sharp,
  telemetry: false,
  typescript: { outputFile: path.join(root, 'cms/payload-types.ts') },
})
