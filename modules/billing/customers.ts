/**
 * Customers and cards of the signed-in account. Ownership is Stripe's
 * `metadata.user_id`, set from the session when the customer is created:
 * a caller only ever reads or changes its own customer.
 */
import Stripe from 'stripe'
import type { SignedInUser } from '../accounts/index.ts'
import { cardRefusal, cardUpdateRefused, it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { italianTaxIdKind, metadataKeys } from './schemas.ts'
import { checkoutStep, getBillingStripe } from './stripe.ts'

const t = it.billing.errors

/** The checkout profession that is not sold online (§4). */
export const NOT_ELIGIBLE_PROFESSION = 'azienda-chimico-farmaceutica'

export type BillingData = {
  name: string
  phone: string
  city: string
  address: string
  zipCode: string
  state: string
  province: string
  fiscalCode: string
  pec?: string
  uniqueCode?: string
  profession?: string
}

const isMissing = (error: unknown) => (error as { code?: string }).code === 'resource_missing'

/** The caller's own customer by id: 404 when it does not exist, 403 when it is someone else's. */
export async function ownCustomer(customerId: string, user: SignedInUser): Promise<Stripe.Customer> {
  const { stripe } = getBillingStripe()
  let customer: Stripe.Customer | Stripe.DeletedCustomer
  try {
    customer = await stripe.customers.retrieve(customerId)
  } catch (error) {
    if (isMissing(error)) throw new AppError('not_found', t.customerNotFound)
    throw error
  }
  if (customer.deleted) throw new AppError('not_found', t.customerNotFound)
  if (customer.metadata.user_id !== user.id) throw new AppError('forbidden', t.forbidden)
  return customer
}

/** The caller's customer, if it has one. */
export async function findOwnCustomer(user: SignedInUser): Promise<Stripe.Customer | null> {
  const { stripe } = getBillingStripe()
  const found = await stripe.customers.list({ email: user.email, limit: 100 })
  return found.data.find((customer) => customer.metadata.user_id === user.id) ?? null
}

function customerParams(user: SignedInUser, data: BillingData) {
  const italian = data.state === 'IT'
  const kind = italian ? italianTaxIdKind(data.fiscalCode) : 'partitaIva'
  return {
    name: data.name,
    email: user.email,
    phone: data.phone,
    address: {
      line1: data.address,
      city: data.city,
      postal_code: data.zipCode,
      state: italian ? data.province.toUpperCase() : data.province,
      country: data.state,
    },
    preferred_locales: ['it'],
    metadata: {
      user_id: user.id,
      [metadataKeys.codiceFiscale]: kind === 'codiceFiscale' ? data.fiscalCode : '',
      [metadataKeys.partitaIva]: kind === 'partitaIva' ? data.fiscalCode : '',
      [metadataKeys.pec]: data.pec ?? '',
      [metadataKeys.uniqueCode]: data.uniqueCode ?? '',
      ...(data.profession ? { professione: data.profession } : {}),
    },
  }
}

/**
 * The checkout's `customer/create`: the caller's customer with these billing
 * data (created once; a second checkout updates it). A chemical-pharmaceutical
 * company is not sold online: nothing is created.
 */
export async function saveCustomer(user: SignedInUser, data: BillingData): Promise<Stripe.Customer> {
  if (data.profession === NOT_ELIGIBLE_PROFESSION) throw new AppError('forbidden', t.notEligible)
  const { stripe } = getBillingStripe()
  const params = customerParams(user, data)
  return checkoutStep(async () => {
    const existing = await findOwnCustomer(user)
    return existing
      ? await stripe.customers.update(existing.id, params)
      : await stripe.customers.create(params)
  })
}

export async function updateCustomerAddress(customerId: string, user: SignedInUser, data: BillingData) {
  await ownCustomer(customerId, user)
  const { stripe } = getBillingStripe()
  const { metadata, ...params } = customerParams(user, data)
  delete (metadata as Record<string, string>).professione
  try {
    return await stripe.customers.update(customerId, { ...params, metadata })
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new AppError('bad_request', t.billingUpdateFailed, { cause: error })
    throw error
  }
}

/** The API's view of a customer (§3). */
export function customerBody(customer: Stripe.Customer) {
  return {
    id: customer.id,
    name: customer.name ?? null,
    email: customer.email,
    phone: customer.phone ?? null,
    address: {
      city: customer.address?.city ?? null,
      line1: customer.address?.line1 ?? null,
      postalCode: customer.address?.postal_code ?? null,
      country: customer.address?.country ?? null,
      state: customer.address?.state ?? null,
    },
    metadata: Object.fromEntries(Object.entries(customer.metadata).filter(([key]) => key !== 'user_id')),
    defaultPaymentMethod:
      typeof customer.invoice_settings.default_payment_method === 'string'
        ? customer.invoice_settings.default_payment_method
        : (customer.invoice_settings.default_payment_method?.id ?? null),
  }
}

export function paymentMethodBody(method: Stripe.PaymentMethod, defaultId: string | null) {
  return {
    id: method.id,
    card: {
      brand: method.card?.brand ?? 'unknown',
      last4: method.card?.last4 ?? '',
      expMonth: method.card?.exp_month ?? null,
      expYear: method.card?.exp_year ?? null,
    },
    isDefault: method.id === defaultId,
  }
}

export async function listPaymentMethods(customerId: string, user: SignedInUser) {
  const customer = await ownCustomer(customerId, user)
  const { stripe } = getBillingStripe()
  const methods = await stripe.customers.listPaymentMethods(customerId, { limit: 100 })
  const defaultId = customerBody(customer).defaultPaymentMethod
  return methods.data.map((method) => paymentMethodBody(method, defaultId))
}

async function runningSubscriptions(stripe: Stripe, customerId: string) {
  const subscriptions = await stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })
  return subscriptions.data.filter((sub) => ['active', 'trialing', 'past_due', 'unpaid'].includes(sub.status))
}

/** Makes a card of the customer its default, also for its running subscriptions. */
export async function setDefaultPaymentMethod(
  customerId: string,
  paymentMethodId: string,
  user: SignedInUser,
) {
  await ownCustomer(customerId, user)
  const { stripe } = getBillingStripe()
  let method: Stripe.PaymentMethod
  try {
    method = await stripe.paymentMethods.retrieve(paymentMethodId)
  } catch (error) {
    if (isMissing(error)) throw new AppError('not_found', it.billing.errors.paymentMethodNotFound)
    throw error
  }
  const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null)
  if (owner !== customerId) throw new AppError('forbidden', t.forbidden)
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } })
  for (const sub of await runningSubscriptions(stripe, customerId)) {
    await stripe.subscriptions.update(sub.id, { default_payment_method: method.id })
  }
}

/** Stripe's refusal of the new card as the card-update failure, with the bank's reason when there is one. */
function cardUpdateFailure(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error
  return new AppError('bad_request', cardUpdateRefused(cardRefusal(error)), { cause: error })
}

/**
 * Replaces the customer's card: attaches the new one (a card the bank refuses
 * is refused here), makes it the default everywhere, pays an invoice left open
 * by a failed renewal, and removes the previous card.
 */
export async function replaceCard(customerId: string, paymentMethodId: string, user: SignedInUser) {
  const customer = await ownCustomer(customerId, user)
  const { stripe } = getBillingStripe()
  const previous = customerBody(customer).defaultPaymentMethod
  let method: Stripe.PaymentMethod
  try {
    method = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId })
  } catch (error) {
    throw cardUpdateFailure(error)
  }
  await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method.id } })
  for (const sub of await runningSubscriptions(stripe, customerId)) {
    await stripe.subscriptions.update(sub.id, { default_payment_method: method.id })
    if (sub.status === 'past_due' || sub.status === 'unpaid') {
      const invoiceId = typeof sub.latest_invoice === 'string' ? sub.latest_invoice : sub.latest_invoice?.id
      if (invoiceId) {
        const invoice = await stripe.invoices.retrieve(invoiceId)
        if (invoice.status === 'open') {
          try {
            await stripe.invoices.pay(invoiceId, { payment_method: method.id })
          } catch (error) {
            throw cardUpdateFailure(error)
          }
        }
      }
    }
  }
  if (previous && previous !== method.id) await stripe.paymentMethods.detach(previous)
  return paymentMethodBody(method, method.id)
}
