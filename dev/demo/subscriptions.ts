/**
 * The demo subscribers' subscriptions (embedded mode, at start-up): real
 * customers, cards and paid subscriptions in the emulator, mirrored like any
 * other — premium@ Premium monthly, professional@ Professional annual,
 * studio@ Professional Studio annual. The Studio link of collega@ belongs to
 * Studio management (`setStudioOwnerResolver`).
 */
import type { Pool } from 'pg'
import type { Logger } from 'pino'
import {
  catalogueEntry,
  forgetCatalogue,
  getBillingStripe,
  loadCatalogue,
  metadataKeys,
  reconcileCustomer,
} from '../../modules/billing/index.ts'

type DemoSubscription = {
  email: string
  lookupKey: string
  billing: {
    name: string
    taxId: string
    kind: 'codiceFiscale' | 'partitaIva'
    city: string
    line1: string
    zip: string
    province: string
    phone: string
  }
}

export const demoSubscriptions: readonly DemoSubscription[] = [
  {
    email: 'premium@demo.local',
    lookupKey: 'premium_monthly',
    billing: {
      name: 'Luca Romano',
      taxId: 'RMNLCU80A01H501M',
      kind: 'codiceFiscale',
      city: 'Roma',
      line1: 'Via Appia Nuova 100',
      zip: '00183',
      province: 'RM',
      phone: '+39 06 1234567',
    },
  },
  {
    email: 'professional@demo.local',
    lookupKey: 'professional_annual',
    billing: {
      name: 'Studio Legale Colombo',
      taxId: '00743110157',
      kind: 'partitaIva',
      city: 'Milano',
      line1: 'Corso Buenos Aires 12',
      zip: '20124',
      province: 'MI',
      phone: '+39 02 7654321',
    },
  },
  {
    email: 'studio@demo.local',
    lookupKey: 'professional_studio_annual',
    billing: {
      name: 'Studio Rossi Consulenti del Lavoro',
      taxId: '07643520567',
      kind: 'partitaIva',
      city: 'Bologna',
      line1: 'Via Indipendenza 8',
      zip: '40121',
      province: 'BO',
      phone: '+39 051 998877',
    },
  },
]

/** Gives each demo subscriber its subscription when it has none running. Returns the e-mails given one. */
export async function ensureDemoSubscriptions(options: { pool: Pool; logger?: Logger }): Promise<string[]> {
  const { stripe } = getBillingStripe()
  forgetCatalogue()
  const catalogue = await loadCatalogue()
  const created: string[] = []
  for (const demo of demoSubscriptions) {
    const account = await options.pool.query<{ id: string; name: string }>(
      'select id, name from auth_users where email = $1',
      [demo.email],
    )
    const user = account.rows[0]
    if (!user) continue
    const item = catalogue.items.find((candidate) => candidate.entry.lookupKey === demo.lookupKey)
    if (!item || !catalogueEntry(demo.lookupKey))
      throw new Error(`Catalogo incompleto: manca ${demo.lookupKey}`)
    const customers = await stripe.customers.list({ email: demo.email, limit: 10 })
    let customer = customers.data.find((candidate) => candidate.metadata.user_id === user.id)
    if (customer) {
      const subscriptions = await stripe.subscriptions.list({
        customer: customer.id,
        status: 'all',
        limit: 10,
      })
      if (subscriptions.data.some((sub) => ['active', 'trialing', 'past_due'].includes(sub.status))) continue
    } else {
      customer = await stripe.customers.create({
        email: demo.email,
        name: demo.billing.name,
        phone: demo.billing.phone,
        address: {
          line1: demo.billing.line1,
          city: demo.billing.city,
          postal_code: demo.billing.zip,
          state: demo.billing.province,
          country: 'IT',
        },
        metadata: {
          user_id: user.id,
          [demo.billing.kind === 'codiceFiscale' ? metadataKeys.codiceFiscale : metadataKeys.partitaIva]:
            demo.billing.taxId,
        },
      })
    }
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } })
    await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: item.price.id }],
      payment_behavior: 'error_if_incomplete',
      default_payment_method: card.id,
      ...(catalogue.taxRateId ? { default_tax_rates: [catalogue.taxRateId] } : {}),
      metadata: { user_id: user.id, catalogue_key: demo.lookupKey },
    })
    // The mirror is written by the webhooks; reconciling now makes the persona subscribed before the portal answers.
    await reconcileCustomer(customer.id, stripe)
    created.push(demo.email)
  }
  if (created.length > 0)
    options.logger?.info({ personas: created }, 'Abbonamenti demo creati nell’emulatore Stripe')
  return created
}
