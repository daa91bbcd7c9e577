/** Invoices: lines, VAT (inclusive tax rates) and totals, finalizing with a payment intent, charging, paying, voiding, listing. */
import type Stripe from 'stripe'
import { declines } from './cards.ts'
import { list, newId, paymentIntent as buildPaymentIntent } from './objects.ts'
import { invalid, str, arrayOf, idOf, type Params, type LineInput, type Core } from './core.ts'
import type { Customers } from './customers.ts'
import type { PaymentIntents } from './payment-intents.ts'

export function createInvoices(core: Core, customers: Customers, paymentIntents: PaymentIntents) {
  const { options, store, now, emit, changes, load } = core
  const { resolvePaymentMethod, cardRefusal } = customers
  const { paymentIntentIdOf, attemptPayment } = paymentIntents

  async function taxRatesOf(ids: unknown): Promise<Stripe.TaxRate[]> {
    const rates: Stripe.TaxRate[] = []
    for (const id of arrayOf(ids))
      rates.push(await load<Stripe.TaxRate>(String(id), 'tax_rate', 'default_tax_rates'))
    return rates
  }

  /** Rounds to the cent, half away from zero: a credit line's tax mirrors its charge's. */
  const roundCents = (amount: number) => Math.sign(amount) * Math.round(Math.abs(amount))

  /**
   * A line's taxes as Stripe computes them from tax rates, on the amount after
   * discounts: an inclusive rate is already in the amount (tax = amount −
   * amount / (1 + rate), rounded to the cent; the taxable amount is the rest),
   * an exclusive one is added (tax = taxable × rate, rounded). Exclusive rates
   * apply to the amount without the inclusive taxes.
   */
  function taxesOf(amount: number, rates: Stripe.TaxRate[]): Stripe.InvoiceLineItem.Tax[] {
    const inclusive = rates.filter((rate) => rate.inclusive)
    const inclusivePercent = inclusive.reduce((sum, rate) => sum + rate.percentage, 0)
    const base = amount / (1 + inclusivePercent / 100)
    const inclusiveTaxes = inclusive.map((rate) => roundCents((base * rate.percentage) / 100))
    const net = amount - inclusiveTaxes.reduce((sum, tax) => sum + tax, 0)
    const tax = (rate: Stripe.TaxRate, taxAmount: number): Stripe.InvoiceLineItem.Tax => ({
      amount: taxAmount,
      tax_behavior: rate.inclusive ? 'inclusive' : 'exclusive',
      tax_rate_details: { tax_rate: rate.id },
      taxability_reason: 'standard_rated',
      taxable_amount: net,
      type: 'tax_rate_details',
    })
    return [
      ...inclusive.map((rate, index) => tax(rate, inclusiveTaxes[index] ?? 0)),
      ...rates
        .filter((rate) => !rate.inclusive)
        .map((rate) => tax(rate, roundCents((net * rate.percentage) / 100))),
    ]
  }

  /** Computes an invoice's lines and totals: discounts on non-proration lines, taxes per line (see `taxesOf`). */
  async function buildInvoice(input: {
    customer: Stripe.Customer | null
    subscription: Stripe.Subscription | null
    lines: LineInput[]
    billingReason: Stripe.Invoice.BillingReason
    coupon: { coupon: Stripe.Coupon; discountId: string } | null
    taxRates: Stripe.TaxRate[]
    preview?: boolean
    at: number
  }): Promise<Stripe.Invoice> {
    const id = input.preview ? `upcoming_${newId('in').slice(3)}` : newId('in')
    const currency = input.lines[0]?.price.currency ?? 'eur'
    const taxTotals = new Map<
      string,
      { amount: number; taxable: number; behavior: 'inclusive' | 'exclusive' }
    >()
    let subtotal = 0
    let discountTotal = 0
    let exclusiveTax = 0
    let inclusiveTax = 0
    const lines: Stripe.InvoiceLineItem[] = input.lines.map((line) => {
      const discountable = !line.proration
      const percent = input.coupon?.coupon.percent_off ?? null
      const discount =
        input.coupon && discountable
          ? percent !== null
            ? Math.round((line.amount * percent) / 100)
            : Math.min(line.amount, input.coupon.coupon.amount_off ?? 0)
          : 0
      subtotal += line.amount
      discountTotal += discount
      const taxes = taxesOf(line.amount - discount, input.taxRates)
      for (const tax of taxes) {
        const rate = tax.tax_rate_details?.tax_rate ?? ''
        const behavior = tax.tax_behavior === 'inclusive' ? 'inclusive' : 'exclusive'
        const sum = taxTotals.get(rate) ?? { amount: 0, taxable: 0, behavior }
        taxTotals.set(rate, {
          amount: sum.amount + tax.amount,
          taxable: sum.taxable + (tax.taxable_amount ?? 0),
          behavior,
        })
        if (behavior === 'inclusive') inclusiveTax += tax.amount
        else exclusiveTax += tax.amount
      }
      return {
        id: newId('il'),
        object: 'line_item',
        amount: line.amount,
        currency,
        description: line.description,
        discount_amounts:
          input.coupon && discountable ? [{ amount: discount, discount: input.coupon.discountId }] : [],
        discountable,
        discounts: input.coupon && discountable ? [input.coupon.discountId] : [],
        invoice: id,
        livemode: false,
        metadata: {},
        parent: {
          invoice_item_details: null,
          subscription_item_details: line.subscriptionItem
            ? {
                invoice_item: null,
                proration: line.proration,
                proration_details: { credited_items: null },
                subscription: input.subscription?.id ?? null,
                subscription_item: line.subscriptionItem,
              }
            : null,
          type: 'subscription_item_details',
        },
        period: { start: line.start, end: line.end },
        pretax_credit_amounts: [],
        pricing: {
          price_details: { price: line.price.id, product: String(line.price.product) },
          type: 'price_details',
          unit_amount_decimal: null,
        },
        quantity: 1,
        quantity_decimal: null,
        subscription: input.subscription?.id ?? null,
        subtotal: line.amount,
        taxes,
      }
    })
    // An inclusive tax is part of the line's amount; an exclusive one is added to it.
    const total = subtotal - discountTotal + exclusiveTax
    const totalExcludingTax = total - exclusiveTax - inclusiveTax
    const amountDue = Math.max(total, 0)
    const periodStart = input.lines.length > 0 ? Math.min(...input.lines.map((l) => l.start)) : input.at
    const periodEnd = input.lines.length > 0 ? Math.max(...input.lines.map((l) => l.end)) : input.at
    const invoice: Stripe.Invoice = {
      id,
      object: 'invoice',
      account_country: 'IT',
      account_name: 'Banca Dati CCNL',
      account_tax_ids: null,
      amount_due: amountDue,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amountDue,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: !input.preview,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: input.billingReason,
      collection_method: 'charge_automatically',
      created: input.at,
      currency,
      custom_fields: null,
      customer: input.customer?.id ?? null,
      customer_account: null,
      customer_address: input.customer?.address ?? null,
      customer_email: input.customer?.email ?? null,
      customer_name: input.customer?.name ?? null,
      customer_phone: input.customer?.phone ?? null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      default_payment_method: null,
      default_source: null,
      default_tax_rates: input.taxRates,
      description: null,
      discounts: input.coupon ? [input.coupon.discountId] : [],
      due_date: null,
      effective_at: input.preview ? null : input.at,
      ending_balance: input.preview ? null : 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: input.preview ? null : `${options.publicBase}/invoices/${id}`,
      invoice_pdf: input.preview ? null : `${options.publicBase}/invoices/${id}/pdf`,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: list(lines, `/v1/invoices/${id}/lines`),
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      on_behalf_of: null,
      parent: input.subscription
        ? {
            quote_details: null,
            subscription_details: {
              metadata: input.subscription.metadata,
              subscription: input.subscription.id,
            },
            type: 'subscription_details',
          }
        : null,
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      payments: list([], `/v1/invoice_payments?invoice=${id}`),
      period_end: periodEnd,
      period_start: periodStart,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: input.preview ? 'draft' : 'draft',
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal,
      subtotal_excluding_tax: totalExcludingTax,
      test_clock: null,
      total,
      total_discount_amounts: input.coupon
        ? [{ amount: discountTotal, discount: input.coupon.discountId }]
        : [],
      total_excluding_tax: totalExcludingTax,
      total_pretax_credit_amounts: input.coupon
        ? [
            {
              amount: discountTotal,
              discount: input.coupon.discountId,
              credit_balance_transaction: null,
              type: 'discount',
            },
          ]
        : [],
      total_taxes: [...taxTotals.entries()].map(([rate, entry]) => ({
        amount: entry.amount,
        tax_behavior: entry.behavior,
        tax_rate_details: { tax_rate: rate },
        taxability_reason: 'standard_rated',
        taxable_amount: entry.taxable,
        type: 'tax_rate_details',
      })),
      webhooks_delivered_at: null,
    }
    return invoice
  }

  /** Finalizes a draft invoice: number, open status, a payment intent and its confirmation secret. */
  async function finalizeInvoice(
    invoice: Stripe.Invoice,
    customer: Stripe.Customer,
  ): Promise<Stripe.Invoice> {
    const at = await now()
    const sequence = customer.next_invoice_sequence ?? 1
    await store.put({ ...customer, next_invoice_sequence: sequence + 1 })
    invoice.number = `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`
    invoice.status = 'open'
    invoice.status_transitions.finalized_at = at
    await emit('invoice.created', { ...invoice, status: 'draft', number: null })
    if (invoice.amount_due > 0) {
      const pi = buildPaymentIntent({
        amount: invoice.amount_due,
        currency: invoice.currency,
        customer: customer.id,
        description:
          invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
        now: at,
      })
      await store.put(pi)
      await store.setState(`invoice_of:${pi.id}`, invoice.id)
      invoice.confirmation_secret = { client_secret: pi.client_secret ?? '', type: 'payment_intent' }
      invoice.payments = list(
        [
          {
            id: newId('inpay'),
            object: 'invoice_payment',
            amount_paid: null,
            amount_requested: invoice.amount_due,
            created: at,
            currency: invoice.currency,
            invoice: invoice.id,
            is_default: true,
            livemode: false,
            payment: { payment_intent: pi.id, type: 'payment_intent' },
            status: 'open',
            status_transitions: { canceled_at: null, paid_at: null },
          },
        ],
        `/v1/invoice_payments?invoice=${invoice.id}`,
      )
      await emit('payment_intent.created', pi)
      await store.put(invoice)
      await emit('invoice.finalized', invoice)
    } else {
      invoice.status = 'paid'
      invoice.status_transitions.paid_at = at
      await store.put(invoice)
      await emit('invoice.finalized', invoice)
      await emit('invoice.paid', invoice)
      await emit('invoice.payment_succeeded', invoice)
    }
    return invoice
  }

  async function defaultPaymentMethodOf(sub: Stripe.Subscription): Promise<Stripe.PaymentMethod | null> {
    const customer = await load<Stripe.Customer>(idOf(sub.customer) ?? '', 'customer')
    const id =
      idOf(sub.default_payment_method as string | null) ??
      idOf(customer.invoice_settings.default_payment_method as string | null)
    return id ? load<Stripe.PaymentMethod>(id, 'payment_method') : null
  }

  /** Charges an open invoice with the subscription's or customer's default card, off session. */
  async function chargeInvoice(invoice: Stripe.Invoice, sub: Stripe.Subscription): Promise<boolean> {
    const piId = paymentIntentIdOf(invoice)
    if (!piId) return invoice.status === 'paid'
    const pi = await load<Stripe.PaymentIntent>(piId, 'payment_intent')
    const pm = await defaultPaymentMethodOf(sub)
    if (!pm) {
      const fresh = await load<Stripe.Invoice>(invoice.id, 'invoice')
      fresh.attempted = true
      fresh.attempt_count += 1
      await store.put(fresh)
      await emit('invoice.payment_failed', fresh)
      return false
    }
    const result = await attemptPayment(pi, pm, { offSession: true })
    return result.status === 'succeeded'
  }

  async function payInvoice(id: string, params: Params): Promise<Stripe.Invoice> {
    const invoice = await load<Stripe.Invoice>(id, 'invoice')
    if (invoice.status === 'paid') throw invalid('Invoice is already paid.')
    if (invoice.status !== 'open') throw invalid('You can only pay an invoice that is open.')
    const piId = paymentIntentIdOf(invoice)
    if (!piId) throw invalid('This invoice has nothing to pay.')
    const pi = await load<Stripe.PaymentIntent>(piId, 'payment_intent')
    const subId = invoice.parent?.subscription_details
      ? idOf(invoice.parent.subscription_details.subscription)
      : null
    const sub = subId ? await load<Stripe.Subscription>(subId, 'subscription') : null
    const requested = str(params.payment_method)
    const pm = requested
      ? await resolvePaymentMethod(requested)
      : sub
        ? await defaultPaymentMethodOf(sub)
        : null
    if (!pm) throw invalid('There is no default payment method to pay this invoice with.', 'payment_method')
    const result = await attemptPayment(pi, pm, { offSession: true })
    if (result.status !== 'succeeded') {
      const error = result.last_payment_error
      throw cardRefusal({
        code: error?.code ?? declines.generic.code,
        declineCode: error?.decline_code ?? declines.generic.declineCode,
        message: error?.message ?? declines.generic.message,
      })
    }
    return load<Stripe.Invoice>(id, 'invoice')
  }

  /**
   * Voids an open invoice as Stripe does: the invoice can no longer be paid and
   * its payment intent is canceled (`cancellation_reason: 'void_invoice'`).
   */
  async function voidOpenInvoice(invoice: Stripe.Invoice, at: number): Promise<Stripe.Invoice> {
    const before = structuredClone(invoice)
    invoice.status = 'void'
    invoice.status_transitions.voided_at = at
    const payment = invoice.payments?.data[0]
    if (payment) {
      payment.status = 'canceled'
      payment.status_transitions.canceled_at = at
    }
    const piId = paymentIntentIdOf(invoice)
    const pi = piId ? await store.get<Stripe.PaymentIntent>(piId) : undefined
    if (pi && pi.status !== 'succeeded' && pi.status !== 'canceled') {
      pi.status = 'canceled'
      pi.canceled_at = at
      pi.cancellation_reason = 'void_invoice'
      pi.next_action = null
      await store.put(pi)
      await emit('payment_intent.canceled', pi)
    }
    await store.put(invoice)
    await emit('invoice.updated', invoice, changes(before, invoice, ['status', 'status_transitions']))
    await emit('invoice.voided', invoice)
    return invoice
  }

  /** `POST /v1/invoices/{id}/void`: only an open (or uncollectible) invoice can be voided. */
  async function voidInvoice(id: string): Promise<Stripe.Invoice> {
    const invoice = await load<Stripe.Invoice>(id, 'invoice')
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
      throw invalid(
        `You can only void invoices that are open or uncollectible. This invoice is ${invoice.status}.`,
      )
    return voidOpenInvoice(invoice, await now())
  }

  async function listInvoices(query: Params): Promise<Stripe.Invoice[]> {
    const customerId = str(query.customer)
    const subscriptionId = str(query.subscription)
    const status = str(query.status)
    return (await store.list<Stripe.Invoice>('invoice'))
      .filter(
        (invoice) =>
          (!customerId || invoice.customer === customerId) &&
          (!subscriptionId ||
            idOf(invoice.parent?.subscription_details?.subscription ?? null) === subscriptionId) &&
          (!status || invoice.status === status),
      )
      .reverse()
  }

  return {
    taxRatesOf,
    roundCents,
    taxesOf,
    buildInvoice,
    finalizeInvoice,
    defaultPaymentMethodOf,
    chargeInvoice,
    payInvoice,
    voidOpenInvoice,
    voidInvoice,
    listInvoices,
  }
}

export type Invoices = ReturnType<typeof createInvoices>
