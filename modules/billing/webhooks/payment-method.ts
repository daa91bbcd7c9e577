import { syncPaymentMethods } from '../mirror.ts'
import type { WebhookHandler } from './types.ts'

/** payment_method.attached / detached / updated: the customer's cards (a detached card names its customer only in previous_attributes). */
export const paymentMethodChanged: WebhookHandler = async (event, ctx) => {
  const method = event.data.object as { id: string; customer?: string | null }
  const previous = (event.data.previous_attributes ?? {}) as { customer?: string | null }
  let customerId = method.customer ?? previous.customer ?? null
  if (!customerId) {
    const known = await ctx.client.query<{ customer_id: string }>(
      'select customer_id from billing_payment_methods where id = $1',
      [method.id],
    )
    customerId = known.rows[0]?.customer_id ?? null
  }
  if (customerId) await syncPaymentMethods(ctx, customerId)
}
