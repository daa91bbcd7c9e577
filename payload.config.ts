import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { it } from '@payloadcms/translations/languages/it'
import { buildConfig } from 'payload'
import sharp from 'sharp'
import { Categories } from './cms/collections/Categories/index.ts'
import { AtecoCodes } from './cms/collections/AtecoCodes/index.ts'
import { Classifications } from './cms/collections/Classifications/index.ts'
import { Companies } from './cms/collections/Companies/index.ts'
import { ContractMappings } from './cms/collections/ContractMappings/index.ts'
import { Contacts } from './cms/collections/Contacts/index.ts'
import { ContractAliases } from './cms/collections/ContractAliases/index.ts'
import { Contracts } from './cms/collections/Contracts/index.ts'
import { ContractTerms } from './cms/collections/ContractTerms/index.ts'
import { ContributionRates } from './cms/collections/ContributionRates/index.ts'
import { ContractTexts } from './cms/collections/ContractTexts/index.ts'
import { ImportRuns } from './cms/collections/ImportRuns/index.ts'
import { Media } from './cms/collections/Media/index.ts'
import { News } from './cms/collections/News/index.ts'
import { PayTables } from './cms/collections/PayTables/index.ts'
import { Provinces } from './cms/collections/Provinces/index.ts'
import { Regions } from './cms/collections/Regions/index.ts'
import { Sectors } from './cms/collections/Sectors/index.ts'
import { Summaries } from './cms/collections/Summaries/index.ts'
import { TerritorialPayTables } from './cms/collections/TerritorialPayTables/index.ts'
import { TextTypes } from './cms/collections/TextTypes/index.ts'
import { Users } from './cms/collections/Users/index.ts'
import { LegalPages } from './cms/collections/LegalPages/index.ts'
import { ProductPages } from './cms/collections/ProductPages/index.ts'
import { SiteMedia } from './cms/collections/SiteMedia/index.ts'
import { SupportReports } from './cms/collections/SupportReports/index.ts'
import { SellerSettings } from './cms/globals/SellerSettings/index.ts'
import { hasAdminRole } from './cms/access/isAdmin.ts'
import { italianAdminTranslations } from './cms/i18n/it.ts'
import { nightlyImport } from './cms/jobs/nightlyImport.ts'
import { notificationDigest } from './cms/jobs/notificationDigest.ts'
import { notifyFollowers } from './cms/jobs/notifyFollowers.ts'
import { renewalAlert } from './cms/jobs/renewalAlert.ts'
import { trialReminders } from './cms/jobs/trialReminders.ts'
import { sdiTransmissions } from './cms/jobs/sdiTransmissions.ts'
import { stripeReconciliation } from './cms/jobs/stripeReconciliation.ts'
import { dataExport } from './cms/jobs/dataExport.ts'
import { dataRetention } from './cms/jobs/dataRetention.ts'
import { nightlyBackup } from './cms/jobs/nightlyBackup.ts'
import { searchPopularity } from './cms/jobs/searchPopularity.ts'
import { oneInstance } from './cms/jobs/schedule.ts'
import { runnerTick } from './cms/jobs/runner-lock.ts'
import { endSubscriberSessions } from './cms/endpoints/endSubscriberSessions.ts'
import { deleteSubscriberAccount } from './cms/endpoints/deleteSubscriberAccount.ts'
import { monacoAssets } from './cms/endpoints/monacoAssets.ts'
import { operatorInvoicePdf } from './cms/endpoints/operatorInvoicePdf.ts'
import { refundInvoiceEndpoint } from './cms/endpoints/refundInvoice.ts'
import { resendEinvoice, retryEinvoice } from './cms/endpoints/resendEinvoice.ts'
import { adminServices } from './cms/admin-services.ts'
import { migrations } from './cms/migrations/index.ts'
import { cmsEmail } from './cms/email.ts'
import { mediaStorage } from './cms/storage.ts'
import { CMS_UPLOAD_MAX_BYTES, getEnv, trustedOrigins } from './modules/platform/index.ts'

const root = path.dirname(fileURLToPath(import.meta.url))
const env = getEnv()

export default buildConfig({
  secret: env.payloadSecret,
  serverURL: env.publicUrl,
  // Payload accepts its cookie only on requests from the portal's own pages (CSRF): the same origins as the site.
  csrf: trustedOrigins(env),
  routes: { admin: '/admin', api: '/cms/api' },
  // Server-only: the admin views' way to the domain's running services.
  custom: { admin: adminServices },
  admin: {
    user: Users.slug,
    avatar: 'default',
    meta: { titleSuffix: ' · Banca Dati CCNL', title: 'Redazione' },
    dateFormat: 'dd/MM/yyyy HH:mm',
    importMap: {
      baseDir: root,
      importMapFile: path.join(root, 'cms/app/(payload)/admin/importMap.js'),
    },
    components: {
      // Administrators only: subscribers (better-auth accounts: search, profile, sessions) and their billing.
      views: {
        // Operators' read-only view of subscriptions, cards and invoices (modules/billing).
        billing: { Component: '/cms/components/BillingView.tsx#BillingView', path: '/abbonamenti' },
        // Operators' view of the Studio links (modules/studio).
        studio: {
          Component: '/cms/components/StudioView.tsx#StudioView',
          path: '/studio',
          exact: true,
          meta: { title: 'Account Studio' },
        },
        subscribers: {
          Component: '/cms/components/Subscribers/SubscribersView.tsx#SubscribersView',
          path: '/abbonati',
          exact: true,
          meta: { title: 'Abbonati' },
        },
      },
      afterNavLinks: [
        '/cms/components/Subscribers/SubscribersNavLink.tsx#SubscribersNavLink',
        '/cms/components/BillingNavLink.tsx#BillingNavLink',
        '/cms/components/StudioNavLink.tsx#StudioNavLink',
      ],
      // Italian names for the rich-text editor's controls that its code writes in English.
      providers: ['/cms/components/ItalianAriaLabels.tsx#ItalianAriaLabels'],
      beforeDashboard: ['/cms/components/Subscribers/SubscribersDashboardCard.tsx#SubscribersDashboardCard'],
    },
  },
  i18n: {
    supportedLanguages: { it },
    fallbackLanguage: 'it',
    // Sentences that read right with labels of either gender, and the words Payload leaves in English.
    translations: { it: italianAdminTranslations },
  },
  collections: [
    Sectors,
    Contracts,
    ContractAliases,
    Categories,
    ContractMappings,
    TextTypes,
    ContractTexts,
    PayTables,
    ContractTerms,
    ContributionRates,
    Summaries,
    Classifications,
    AtecoCodes,
    Regions,
    Provinces,
    Companies,
    TerritorialPayTables,
    News,
    Media,
    ImportRuns,
    ProductPages,
    LegalPages,
    SiteMedia,
    Contacts,
    SupportReports,
    Users,
  ],
  // The seller's fiscal data printed on the invoices (modules/billing).
  globals: [SellerSettings],
  upload: { limits: { fileSize: CMS_UPLOAD_MAX_BYTES } },
  // Uploaded files on S3-compatible storage when S3_BUCKET is set, on local disk otherwise.
  plugins: [mediaStorage()],
  // Payload's mails (an editor's password reset) through the portal's outbox and sender.
  email: cmsEmail(),
  // The code editor of the HTML and JSON fields, served from this server (cms/components/SourceField.tsx).
  endpoints: [
    monacoAssets(path.join(root, 'node_modules/monaco-editor/min/vs')),
    endSubscriberSessions,
    deleteSubscriberAccount,
    operatorInvoicePdf,
    resendEinvoice,
    retryEinvoice,
    refundInvoiceEndpoint,
  ],
  jobs: {
    tasks: [
      nightlyImport,
      stripeReconciliation,
      trialReminders,
      notifyFollowers,
      renewalAlert,
      notificationDigest,
      sdiTransmissions,
      dataExport,
      dataRetention,
      nightlyBackup,
      searchPopularity,
    ].map(oneInstance),
    // Runs only in the long-lived server (bootstrapCms starts the crons): scheduled publications every
    // minute (JOBS_CRON), the nightly queue checked as often so its schedules (IMPORT_CRON,
    // RECONCILIATION_CRON, BACKUP_SCHEDULE) are honoured; of several instances, only the one holding the jobs lock.
    autoRun: [
      { cron: env.JOBS_CRON, queue: 'default', limit: 20 },
      { cron: env.JOBS_CRON, queue: 'nightly', limit: 1 },
    ],
    // Each tick is the runner loop's heartbeat (/readyz).
    shouldAutoRun: () => runnerTick(),
    access: {
      run: ({ req }) => hasAdminRole(req.user),
      queue: ({ req }) => hasAdminRole(req.user),
      cancel: ({ req }) => hasAdminRole(req.user),
    },
    deleteJobOnComplete: true,
  },
  editor: lexicalEditor(),
  db: postgresAdapter({
    // A database that is down or hangs answers requests 503 within seconds instead of holding them.
    pool: {
      // Read when the pool is made (Payload's connect), not when this file loads: the embedded
      // Postgres, starting meanwhile, may have had to move to another port (embedded-postgres.ts).
      get connectionString() {
        return getEnv().databaseUrl
      },
      max: 20,
      connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
      statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
      query_timeout: env.DATABASE_QUERY_TIMEOUT_MS,
    },
    push: false,
    migrationDir: path.join(root, 'cms/migrations'),
    prodMigrations: migrations,
  }),
  sharp,
  telemetry: false,
  typescript: { outputFile: path.join(root, 'cms/payload-types.ts') },
})
