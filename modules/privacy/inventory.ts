/**
 * Every kind of personal data the portal keeps: where it lives (table or
 * collection, and the module that owns it), why and for how long. The one
 * source of truth of docs/privacy.md (a test compares them) and of the
 * retention table on /privacy-policy.
 */
import { it } from '../i18n/index.ts'

type InventoryId = keyof typeof it.privacy.inventory

/** One kind of personal data: the Italian description, purpose and retention, and where it is stored. */
export type PersonalDataEntry = {
  id: InventoryId
  /** The module that owns the data (modules/<name>). */
  module: string
  /** Tables, collections or other places the data is stored in. */
  where: readonly string[]
  data: string
  purpose: string
  retention: string
}

const places: Record<InventoryId, { module: string; where: readonly string[] }> = {
  account: { module: 'accounts', where: ['auth_users'] },
  signIn: { module: 'accounts', where: ['auth_accounts'] },
  sessions: { module: 'accounts', where: ['auth_sessions'] },
  verifications: { module: 'accounts', where: ['auth_verifications'] },
  rateLimits: { module: 'accounts', where: ['rate_limits', 'auth_rate_limits'] },
  requestLogs: { module: 'platform', where: ['log del server (stdout, pino)'] },
  picture: { module: 'accounts', where: ['profile_pictures'] },
  billingData: { module: 'billing', where: ['billing_customers', 'Stripe'] },
  subscriptions: { module: 'billing', where: ['billing_subscriptions', 'Stripe'] },
  invoices: {
    module: 'billing',
    where: ['billing_invoices', 'billing_invoice_numbers', 'billing_fiscal_archive', 'Stripe'],
  },
  cards: { module: 'billing', where: ['billing_payment_methods', 'Stripe'] },
  favourites: { module: 'ccnl', where: ['database_favourites'] },
  views: { module: 'ccnl', where: ['database_views'] },
  notifications: { module: 'feed', where: ['feed_notifications', 'feed_email_subscriptions'] },
  consents: { module: 'site-content', where: ['cookie_consents'] },
  supportReports: { module: 'support', where: ['collezione support-reports'] },
  studioLinks: { module: 'studio', where: ['studio_links'] },
  contacts: { module: 'contacts', where: ['collezione contacts', 'HubSpot'] },
  mail: { module: 'mail', where: ['mail_outbox'] },
  erasures: { module: 'erasure', where: ['erasure_log'] },
  exports: { module: 'privacy', where: ['privacy_exports', 'archivi ZIP (DATA_DIR/exports o S3)'] },
}

/** The inventory, in the order the policy shows it. */
export const personalData: readonly PersonalDataEntry[] = (Object.keys(places) as InventoryId[]).map(
  (id) => ({ id, ...places[id], ...it.privacy.inventory[id] }),
)

/** The inventory as the Markdown table of docs/privacy.md (generated from this list, compared by a test). */
export function inventoryMarkdown(): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|')
  const lines = [
    '| Dati | Dove (modulo) | Finalità | Conservazione |',
    '| --- | --- | --- | --- |',
    ...personalData.map(
      (entry) =>
        `| ${cell(entry.data)} | ${entry.where.map((place) => `\`${place}\``).join(', ')} (\`${entry.module}\`) | ${cell(entry.purpose)} | ${cell(entry.retention)} |`,
    ),
  ]
  return lines.join('\n')
}
