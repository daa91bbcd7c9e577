/** Billing: the Stripe client, the catalogue, the webhook-fed mirror, the entitlements lookup and the billing API. */

/** The Stripe client of the process: real Stripe with keys; without, the test emulator's, set by the server. */
export {
  getBillingStripe,
  setBillingStripe,
  WEBHOOK_PATH,
  type BillingStripe,
  type TestStripe,
} from './stripe.ts'
/** The eight plans at §9's gross prices, the VAT rate included in them and each plan's launch coupon. */
export {
  catalogue,
  catalogueEntry,
  entryFor,
  planOfName,
  launchCouponId,
  VAT_PERCENT,
  LAUNCH_DISCOUNT_PERCENT,
  type CatalogueEntry,
  type Interval,
} from './catalogue.ts'
/** Every price figure shown: regular and first period VAT included (with the VAT inside), per month, annual saving. */
export { figuresOf, annualSavingPercent, type PriceFigures, type Charge } from './pricing.ts'
/** Whether the first period gets the launch offer: one decision for the charge and for every figure shown. */
export { launchOfferFor, launchOfferForCustomer } from './launch-offer.ts'
/** Creates or updates the catalogue in Stripe (npm run stripe:sync; start-up in embedded mode). */
export { syncCatalogue, type SyncReport } from './sync-catalogue.ts'
/** Moves running subscriptions off replaced prices and VAT rates, from their next renewal (part of the sync). */
export { moveSubscriptionsToCatalogue } from './move-subscriptions.ts'
/** The checkout's net, VAT and total: Stripe's invoice preview for the account and price. */
export { previewCheckout, type CheckoutPreview } from './checkout-preview.ts'
/** The catalogue as Stripe holds it (cached for a minute). */
export {
  loadCatalogue,
  forgetCatalogue,
  type CatalogueItem,
  type LoadedCatalogue,
} from './catalogue-store.ts'
/** The webhook endpoint's work: signature, once per event id, re-fetch and upsert. */
export { handleStripeWebhook } from './webhook.ts'
/** How the webhooks keep up: the newest processed event's lag, this process's deliveries by outcome (the metrics). */
export {
  webhookLag,
  webhookCounts,
  type WebhookLag,
  type WebhookCounts,
  type WebhookOutcome,
} from './webhook-figures.ts'
/** Re-syncs the mirror from Stripe (nightly job, and on demand). */
export { reconcileAll, reconcileCustomer, type ReconcileReport } from './reconcile.ts'
/** One run of the reconciliation (one instance at a time); the Payload job `stripeReconciliation` schedules it nightly. */
export { runReconciliation } from './schedule.ts'
/** An account's subscription as the mirror holds it, and its bodies in the API's shape (read by the access module). */
export {
  currentSubscriptionRow,
  mirroredSubscription,
  subscriptionBody,
  productBody,
  type MirroredSubscriptionRow,
} from './lookup.ts'
/** The schemas of those bodies and of the customer's (the access state of `GET /abbonamenti` answers with them). */
export { SubscriptionBodySchema, SubscribedProductSchema, CustomerSchema } from './answer-schemas.ts'
/** Listeners told, in the mirror's transaction, when an account's subscription access changes. */
export {
  onSubscriptionAccessChange,
  type AccessChange,
  type AccessChangeListener,
  type GrantedAccess,
} from './access-change.ts'
/** Use cases of the signed-in account, one per file. */
export { createSubscription } from './create-subscription.ts'
export { flipRenewal } from './flip-renewal.ts'
export { calculateProration } from './preview-proration.ts'
export { upgradeSubscription } from './upgrade.ts'
export { downgradeSubscription } from './downgrade.ts'
/** Stripe's time (the emulator's test clock in emulator mode) and the 24-hour notice before renewal. */
export { stripeNow, CHANGE_NOTICE_HOURS } from './subscriptions.ts'
export {
  saveCustomer,
  findOwnCustomer,
  customerBody,
  listPaymentMethods,
  updateCustomerAddress,
  replaceCard,
  setDefaultPaymentMethod,
  NOT_ELIGIBLE_PROFESSION,
} from './customers.ts'
/** The account's invoices from the mirror. */
export { listInvoices, type AccountInvoice } from './invoices.ts'
/** The invoices' progressive number per year ('123/2026'), given once when an invoice is paid. */
export {
  assignInvoiceNumber,
  formatInvoiceNumber,
  invoiceFileName,
  invoiceNumbersSchema,
  invoiceSellerSchema,
  type InvoiceNumber,
} from './invoice-number.ts'
/** The seller's fiscal data from /admin ('Dati del venditore'); 503 while incomplete. */
export { readSeller } from './seller-settings.ts'
/** The invoice PDF: seller, buyer, lines, discount, imponibile, VAT, total, payment. */
export {
  renderInvoicePdf,
  invoiceDefinition,
  invoiceFigures,
  type InvoiceDocument,
  type InvoiceBuyer,
  type InvoiceDocumentLine,
} from './invoice-pdf.ts'
/** The subscriber's download of one of its paid invoices. */
export { downloadInvoicePdf, invoiceBuyer, operatorInvoicePdf } from './invoice-download.ts'
/** The electronic invoice (FatturaPA) of an issued invoice, checked against the official schema. */
export { buildFattura, fatturaFileName, type FatturaInput } from './einvoice/build-fattura.ts'
export type { FatturaKind } from './einvoice/queue-fattura.ts'
export { validateFattura, type FatturaValidation, type FatturaProblem } from './einvoice/validate-fattura.ts'
/** SDI through an intermediary: the provider's interface (set by the server from SDI_PROVIDER) and the states of a file. */
export {
  setSdiProvider,
  getSdiProvider,
  SDI_STATES,
  type SdiProvider,
  type SdiFile,
  type SdiReceipt,
  type SdiError,
  type SdiState,
} from './einvoice/sdi.ts'
/** One run of the transmissions (the Payload job `sdiTransmissions`): build, send, collect receipts. */
export { runSdiTransmissions, type SdiRunReport } from './einvoice/send-fatture.ts'
/** Resends, corrected and with the same number, an invoice SDI rejected. */
export { resendFattura } from './einvoice/resend-fattura.ts'
/** Requeues, once the data are corrected, the files of an invoice refused before sending (`invalid`). */
export { retryFattura } from './einvoice/retry-fattura.ts'
/** The subscriber's download of an invoice's XML file. */
export { downloadFattura } from './einvoice/download-fattura.ts'
/** The transmissions' SQL, applied by the migration `20261127_032437_sdi_transmissions`. */
export { sdiTransmissionsSchema, sdiTransmissionsSchemaV2 } from './einvoice/sql.ts'
export {
  creditNotesSchema,
  creditNoteDocument,
  downloadCreditNotePdf,
  listCreditNotes,
  recordCreditNote,
  splitGross,
  type AccountCreditNote,
  type CreditNote,
} from './credit-notes.ts'
export { parseEuroAmount, refundInvoice, REFUND_REASONS, type RefundReason } from './refund-invoice.ts'
/** Billing data rules (§5). */
export {
  italianTaxIdKind,
  italianProvinces,
  customerCreateSchema,
  customerAddressSchema,
  metadataKeys,
} from './schemas.ts'
/** The operators' read-only view in /admin. */
export {
  adminCardLabel,
  adminSubscribers,
  adminInvoices,
  adminEinvoiceProblems,
  type AdminSubscriberRow,
  type AdminInvoiceRow,
  type AdminEinvoiceProblem,
} from './admin.ts'
/** Deleting an account: the subscription ended (at period end or now), the cards detached, the invoices kept in the fiscal archive. */
export {
  eraseBillingData,
  runningSubscriptionOf,
  FISCAL_RETENTION_YEARS,
  type BillingErasure,
  type SubscriptionEnd,
} from './erase-billing-data.ts'
/** The SQL of the billing mirror (`20261123_120000_billing`) and of the fiscal archive (`20261127_040000_account_erasure`). */
export { billingSchemaV1, fiscalArchiveSchemaV1 } from './sql.ts'
/** The subscriber's billing rows for the data export (billing data, subscriptions, invoices, cards). */
export { exportAccountData, type BillingDataExport } from './export-account-data.ts'
