/** The events the portal acts on, each with its handler; every other event is acknowledged and ignored. */
import type Stripe from 'stripe'
import { chargeRefunded } from './charge.ts'
import { customerChanged } from './customer.ts'
import { invoiceChanged, invoicePaid } from './invoice.ts'
import { paymentMethodChanged } from './payment-method.ts'
import { scheduleChanged, subscriptionChanged } from './subscription.ts'
import type { WebhookHandler } from './types.ts'

export const webhookHandlers: Partial<Record<Stripe.Event.Type, WebhookHandler>> = {
  'customer.created': customerChanged,
  'customer.updated': customerChanged,
  'customer.deleted': customerChanged,
  'customer.subscription.created': subscriptionChanged,
  'customer.subscription.updated': subscriptionChanged,
  'customer.subscription.deleted': subscriptionChanged,
  'subscription_schedule.created': scheduleChanged,
  'subscription_schedule.updated': scheduleChanged,
  'subscription_schedule.released': scheduleChanged,
  'subscription_schedule.canceled': scheduleChanged,
  'invoice.created': invoiceChanged,
  'invoice.finalized': invoiceChanged,
  'invoice.updated': invoiceChanged,
  'invoice.paid': invoicePaid,
  'invoice.payment_failed': invoiceChanged,
  'invoice.payment_action_required': invoiceChanged,
  'invoice.voided': invoiceChanged,
  'charge.refunded': chargeRefunded,
  'payment_method.attached': paymentMethodChanged,
  'payment_method.detached': paymentMethodChanged,
  'payment_method.updated': paymentMethodChanged,
}
