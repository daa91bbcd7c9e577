/** Browser side of the subscription pages: the billing calls of /api/v1 and the page reload after a change. */
import { billingApi, resultOf, segment } from '../api-client.ts'
import type { CallResult } from '../json-client.ts'
import { sessionEnded } from '../profile/profile-client.ts'

/** How long a success message stays before the page reloads with the new state. */
export const RELOAD_AFTER_MS = 2500

/** A 401 hands over to the shell's forced-logout modal. */
async function watched<T>(call: Promise<CallResult<T>>): Promise<CallResult<T>> {
  const result = await call
  if (!result.ok && result.status === 401) sessionEnded()
  return result
}

const subscription = billingApi.stripe.subscription

export const subscriptionCalls = {
  flipRenewal: (subscriptionId: string) =>
    watched(
      resultOf(
        subscription['flip-subscription-renewal'][':id'].$post({ param: { id: segment(subscriptionId) } }),
      ),
    ),
  proration: (subscriptionId: string, productId: string) =>
    watched(
      resultOf(
        subscription['calculate-proration'][':subscriptionId'][':productId'].$get({
          param: { subscriptionId: segment(subscriptionId), productId: segment(productId) },
        }),
      ),
    ),
  upgrade: (subscriptionId: string, productId: string) =>
    watched(
      resultOf(
        subscription['upgrade-subscription'][':subId'][':productId'].$post({
          param: { subId: segment(subscriptionId), productId: segment(productId) },
        }),
      ),
    ),
  downgrade: (subscriptionId: string, productId: string) =>
    watched(
      resultOf(
        subscription['downgrade-subscription'][':subId'][':productId'].$post({
          param: { subId: segment(subscriptionId), productId: segment(productId) },
        }),
      ),
    ),
  replaceCard: (customerId: string, paymentMethodId: string) =>
    watched(
      resultOf(
        billingApi.stripe.paymentmethods['update-customer-card'][':customerId'][':paymentMethodId'].$patch({
          param: { customerId: segment(customerId), paymentMethodId: segment(paymentMethodId) },
        }),
      ),
    ),
}

/** The proration preview of a plan change, as `calculate-proration` answers it. */
export type Proration = Extract<Awaited<ReturnType<typeof subscriptionCalls.proration>>, { ok: true }>['data']

/** Reloads the page after the success message has been read. */
export function reloadSoon(): void {
  window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS)
}
