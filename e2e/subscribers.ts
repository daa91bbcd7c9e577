/**
 * Fresh subscribers for the browser tests, made through the API as the
 * checkout makes them: trial sign-up (which signs the request context in),
 * the address confirmed with the welcome mail's link, billing data, subscription, the card confirmed on the emulator with the
 * publishable key, the card made the default. The demo personas stay as
 * other tests expect them.
 */
import { type APIRequestContext } from '@playwright/test'
import { expect, confirmAddress, signUpForTrial, unique } from './helpers.ts'

export const testBilling = {
  name: 'Elena Prova',
  phone: '+39 06 5551234',
  city: 'Roma',
  address: 'Via Nazionale 10',
  zipCode: '00184',
  state: 'IT',
  province: 'RM',
  fiscalcode: 'RMNLCU80A01H501M',
  termsCheck: true,
  additionalTermsCheck: true,
  professione: 'avvocato',
}

export type Subscriber = { email: string; customerId: string; subscriptionId: string }

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as T
}

/** The plan the entitlements give the signed-in account ('premium', 'professional', 'trial', ...). */
export async function accessKind(request: APIRequestContext): Promise<string> {
  const state = (await (await request.get('/api/v1/abbonamenti')).json()) as {
    entitlements: { kind: string }
  }
  return state.entitlements.kind
}

/** A new trial account with its address confirmed; `request` is signed in as it. Returns its e-mail. */
export async function newConfirmedAccount(
  request: APIRequestContext,
  prefix = 'abbonato',
  person: { nome: string; cognome: string } = { nome: 'Elena', cognome: 'Prova' },
): Promise<string> {
  const email = `${prefix}-${unique()}@esempio.it`
  await signUpForTrial(request, email, person, 'professionista')
  await confirmAddress(request, email)
  return email
}

/** Billing data and an incomplete subscription to `lookupKey`, as the checkout creates them. */
export async function startCheckout(request: APIRequestContext, lookupKey: string) {
  const customer = await ok<{ id: string }>(
    await request.post('/api/v1/stripe/customer/create', { data: testBilling }),
  )
  const prices = await ok<{ id: string; lookupKey: string }[]>(await request.get('/api/v1/stripe/prices'))
  const price = prices.find((candidate) => candidate.lookupKey === lookupKey)
  const created = await ok<{ subscriptionId: string; clientSecret: string }>(
    await request.post('/api/v1/stripe/subscription/create', {
      data: { priceId: price?.id, customerId: customer.id },
    }),
  )
  return { customerId: customer.id, ...created }
}

export type ConfirmedIntent = {
  status: string
  payment_method: string
  next_action?: { redirect_to_url?: { url: string } }
}

/**
 * What the 'Modalità di prova' card form does: confirms the payment intent of
 * `clientSecret` with `card` (a Stripe test token) and the publishable key.
 */
export async function confirmWithCard(
  request: APIRequestContext,
  clientSecret: string,
  card: string,
  returnUrl?: string,
): Promise<ConfirmedIntent> {
  const config = await ok<{ publishableKey: string; testMode: boolean }>(
    await request.get('/api/v1/stripe/config'),
  )
  expect(config.testMode).toBe(true)
  const paymentIntent = clientSecret.split('_secret_')[0] ?? ''
  const form = new URLSearchParams({ client_secret: clientSecret, payment_method: card })
  if (returnUrl) form.set('return_url', returnUrl)
  return ok<ConfirmedIntent>(
    await request.post(`/dev/stripe/v1/payment_intents/${paymentIntent}/confirm`, {
      headers: {
        authorization: `Bearer ${config.publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      data: form.toString(),
    }),
  )
}

/**
 * A new account subscribed to `lookupKey` and paid with `card` (a Stripe test
 * token); `request` is signed in as that account afterwards.
 */
export async function newSubscriber(
  request: APIRequestContext,
  lookupKey = 'premium_monthly',
  card = 'pm_card_visa',
  person: { nome: string; cognome: string } = { nome: 'Elena', cognome: 'Prova' },
): Promise<Subscriber> {
  const email = await newConfirmedAccount(request, 'abbonato', person)
  const { customerId, subscriptionId, clientSecret } = await startCheckout(request, lookupKey)
  const confirmed = await confirmWithCard(request, clientSecret, card)
  expect(confirmed.status).toBe('succeeded')
  await ok(
    await request.post(`/api/v1/stripe/paymentmethods/setdefaultpaymentmethod/${customerId}`, {
      data: { paymentMethodId: confirmed.payment_method },
    }),
  )
  const plan = lookupKey.startsWith('professional') ? 'professional' : 'premium'
  await expect
    .poll(() => accessKind(request), { timeout: 15_000 })
    .toMatch(new RegExp(`^(${plan}|studioPrimary)$`))
  // The paid invoice gets its number, and its PDF, when the invoice.paid event is processed.
  await expect
    .poll(
      async () => {
        const listed = (await (await request.get('/api/v1/stripe/invoices')).json()) as {
          invoicePdf: string | null
        }[]
        return listed.some((invoice) => invoice.invoicePdf !== null)
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return { email, customerId, subscriptionId }
}
