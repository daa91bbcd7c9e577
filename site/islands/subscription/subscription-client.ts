/** Browser side of the subscription pages: the billing calls of /api/v1 and the page reload after a change. */
import { postJson, sendJson, type CallResult } from '../json-client.ts'
import { sessionEnded } from '../profile/profile-client.ts'

/** How long a success message stays before the page reloads with the new state. */
export const RELOAD_AFTER_MS = 2500

const path = (value: string) => encodeURIComponent(value)

async function get<T>(url: string): Promise<CallResult<T>> {
  let response: Response
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
  } catch {
    return { ok: false, status: 0 }
  }
  const data = (await response.json().catch(() => null)) as unknown
  if (response.ok) return { ok: true, status: response.status, data: data as T }
  const error = (data as { error?: { code?: string; message?: string } } | null)?.error
  return { ok: false, status: response.status, code: error?.code, message: error?.message }
}

/** A 401 hands over to the shell's forced-logout modal. */
function watch<T>(result: CallResult<T>): CallResult<T> {
  if (!result.ok && result.status === 401) sessionEnded()
  return result
}

export type Proration = {
  lines: { amount: number; amountRemaining: number; description: string | null }[]
  amountRemaining: number
  isUpgrade: boolean
}

export const billingApi = {
  flipRenewal: async (subscriptionId: string) =>
    watch(
      await postJson<{ cancelAtPeriodEnd: boolean }>(
        `/api/v1/stripe/subscription/flip-subscription-renewal/${path(subscriptionId)}`,
        {},
      ),
    ),
  proration: async (subscriptionId: string, productId: string) =>
    watch(
      await get<Proration>(
        `/api/v1/stripe/subscription/calculate-proration/${path(subscriptionId)}/${path(productId)}`,
      ),
    ),
  upgrade: async (subscriptionId: string, productId: string) =>
    watch(
      await postJson<{ charged: number }>(
        `/api/v1/stripe/subscription/upgrade-subscription/${path(subscriptionId)}/${path(productId)}`,
        {},
      ),
    ),
  downgrade: async (subscriptionId: string, productId: string) =>
    watch(
      await postJson<{ effective: string }>(
        `/api/v1/stripe/subscription/downgrade-subscription/${path(subscriptionId)}/${path(productId)}`,
        {},
      ),
    ),
  replaceCard: async (customerId: string, paymentMethodId: string) =>
    watch(
      await sendJson<{ message: string; paymentMethod: { card: { brand: string; last4: string } } }>(
        'PATCH',
        `/api/v1/stripe/paymentmethods/update-customer-card/${path(customerId)}/${path(paymentMethodId)}`,
        {},
      ),
    ),
}

/** Reloads the page after the success message has been read. */
export function reloadSoon(): void {
  window.setTimeout(() => window.location.reload(), RELOAD_AFTER_MS)
}
