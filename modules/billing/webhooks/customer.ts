import { syncCustomer } from '../mirror.ts'
import type { WebhookHandler } from './types.ts'

/** customer.created, customer.updated, customer.deleted: the customer's row (account link, billing data). */
export const customerChanged: WebhookHandler = async (event, ctx) => {
  const customer = event.data.object as { id: string }
  await syncCustomer(ctx, customer.id)
}
