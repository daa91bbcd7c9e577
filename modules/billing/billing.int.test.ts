/**
 * Billing on a real Postgres with the Stripe emulator, through the API the
 * browser uses: catalogue, checkout preview, checkout, signed webhooks
 * (rejection, once per event, out of order) and reconciliation after a lost webhook.
 */
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { getCms } from '../cms/index.ts'
import { getLogger } from '../platform/index.ts'
import { signPayload } from '../../dev/stripe-emulator/index.ts'
import {
  launchOfferForCustomer,
  reconcileAll,
  reconcileCustomer,
  runReconciliation,
  setBillingStripe,
  syncCatalogue,
  webhookCounts,
  webhookLag,
} from './index.ts'
import {
  pool,
  emulator,
  stripe,
  unique,
  v1,
  v1json,
  postWebhook,
  closedPort,
  newAccount,
  billingForm,
  item,
  subscribe,
  paidWithoutWebhooks,
  accessState,
  mirrored,
  useBilling,
} from './fixtures/harness.ts'

useBilling()

describe('catalogue', () => {
  it('syncs idempotently and lists the eight plans with the figures shown', async () => {
    const again = await syncCatalogue(stripe)
    expect(again.created).toEqual([])
    expect(again.updated).toEqual([])
    const products = await v1json<{ name: string; description: string }[]>('/stripe/products')
    expect(products.body).toHaveLength(8)
    const prices =
      await v1json<
        { lookupKey: string; figures: { regular: { total: number }; firstPeriod: { total: number } } }[]
      >('/stripe/prices')
    const premium = prices.body.find((price) => price.lookupKey === 'premium_monthly')
    expect(premium?.figures.regular.total).toBe(999)
    expect(premium?.figures.firstPeriod.total).toBe(499)
  })

  it('moves a database with the former net prices and exclusive VAT to the gross prices, subscriptions included', async () => {
    // The former catalogue: Premium monthly at 8,19 € net plus 22% VAT on top.
    const current = await item('premium_monthly')
    const net = await stripe.prices.create({
      product: current.product.id,
      unit_amount: 819,
      currency: 'eur',
      recurring: { interval: 'month' },
      lookup_key: 'premium_monthly',
      transfer_lookup_key: true,
      metadata: { catalogue_key: 'premium_monthly' },
    })
    await stripe.prices.update(current.price.id, { active: false })
    const exclusive = await stripe.taxRates.create({
      display_name: 'IVA',
      percentage: 22,
      inclusive: false,
      metadata: { catalogue_key: 'iva_22' },
    })
    const customer = await stripe.customers.create({ email: `vecchio-${unique()}@esempio.it` })
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
    const old = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: net.id }],
      default_payment_method: card.id,
      default_tax_rates: [exclusive.id],
      expand: ['latest_invoice'],
    })
    expect((old.latest_invoice as Stripe.Invoice).amount_paid).toBe(999)

    const report = await syncCatalogue(stripe)
    expect(report.created).toContain('price:premium_monthly')
    expect(report.updated).toEqual(
      expect.arrayContaining([`tax_rate:${exclusive.id}`, `subscription:${old.id}`]),
    )
    const gross = await item('premium_monthly')
    expect(gross.price).toMatchObject({ unit_amount: 999, tax_behavior: 'inclusive' })
    expect((await stripe.taxRates.retrieve(exclusive.id)).active).toBe(false)
    const moved = await stripe.subscriptions.retrieve(old.id)
    expect(moved.status).toBe('active')
    expect(moved.items.data[0]?.price.id).toBe(gross.price.id)
    expect(moved.default_tax_rates?.map((rate) => rate.inclusive)).toEqual([true])
    // Nothing charged now; the renewal charges the same 9,99 €, with the VAT inside.
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1)
    const renewal = await stripe.invoices.createPreview({ customer: customer.id, subscription: old.id })
    expect(renewal).toMatchObject({ total: 999, total_excluding_tax: 819 })
    await emulator.idle()
    expect(await mirrored(old.id)).toMatchObject({ price_id: gross.price.id, unit_amount: 999 })
    expect((await syncCatalogue(stripe)).updated).toEqual([])
  })
})

describe('checkout preview', () => {
  type Preview = { total: number; net: number; vat: number; discount: number; launchOffer: boolean }

  it('answers Stripe’s invoice preview for the account and price: net + VAT = total, the charge equal to it', async () => {
    const account = await newAccount()
    const annual = await item('premium_annual')
    const first = await v1json<Preview>(`/stripe/checkout-preview/${annual.price.id}`, {
      cookie: account.cookie,
    })
    expect(first.status).toBe(200)
    // §9: Premium annual, first year 49,98 € (99,99 € less the launch coupon's 50,01 €), VAT 9,01 € inside.
    expect(first.body).toMatchObject({ total: 4998, net: 4097, vat: 901, discount: 5001, launchOffer: true })
    const paid = await subscribe(account, 'premium_annual')
    expect(paid.amountDue).toBe(first.body.total)
    const invoices = await stripe.invoices.list({ customer: paid.customerId })
    expect(invoices.data[0]).toMatchObject({ amount_paid: 4998, total_excluding_tax: 4097 })

    // The customer now has had the launch offer: the preview is the full price.
    await stripe.subscriptions.cancel(paid.subscriptionId)
    await emulator.idle()
    const studio = await item('premium_studio_annual')
    const again = await v1json<Preview>(`/stripe/checkout-preview/${studio.price.id}`, {
      cookie: account.cookie,
    })
    expect(again.body).toMatchObject({ total: 16999, net: 13934, vat: 3065, discount: 0, launchOffer: false })
  })

  it('needs a session and a price on sale, with Italian messages', async () => {
    const annual = await item('premium_annual')
    const anonymous = await v1json<{ error: { message: string } }>(
      `/stripe/checkout-preview/${annual.price.id}`,
    )
    expect(anonymous.status).toBe(401)
    const account = await newAccount()
    const unknown = await v1json<{ error: { message: string } }>(
      '/stripe/checkout-preview/price_sconosciuto',
      {
        cookie: account.cookie,
      },
    )
    expect(unknown.status).toBe(404)
    expect(unknown.body.error.message).toBe('Prezzo non trovato.')
    const tooLong = await v1json<{ error: { message: string } }>(
      `/stripe/checkout-preview/${'x'.repeat(300)}`,
      {
        cookie: account.cookie,
      },
    )
    expect(tooLong.status).toBe(400)
  })
})

describe('checkout', () => {
  it('charges what the pricing shows, opens Premium access and mails the confirmation once', async () => {
    const account = await newAccount()
    const { subscriptionId, customerId, amountDue } = await subscribe(account)
    expect(amountDue).toBe(499)
    const access = await accessState(account)
    expect(access.entitlements.kind).toBe('premium')
    const state = await v1json<{
      subscription: { id: string; plan: string; cancelAtPeriodEnd: boolean }
      customer: { id: string; email: string; name: string; address: { postalCode: string } } | null
    }>('/abbonamenti', { cookie: account.cookie })
    expect(state.body.subscription).toMatchObject({
      id: subscriptionId,
      plan: 'premium',
      cancelAtPeriodEnd: false,
    })
    // §3's access state also carries the subscriber's billing customer.
    expect(state.body.customer).toMatchObject({
      id: customerId,
      email: account.email,
      name: billingForm.name,
      address: { postalCode: billingForm.zipCode },
    })
    const mails = await pool.query('select dedupe_key from mail_outbox where recipient = $1', [account.email])
    expect(mails.rows.map((row) => row.dedupe_key)).toEqual([`subscription:${subscriptionId}`])
    const compat = await v1json<{ sent: boolean }>('/user/sendsubscriptionemail', {
      cookie: account.cookie,
      body: { email: 'altro@esempio.it', nome: 'X', abbonamento: 'Premium' },
    })
    expect(compat.body.sent).toBe(false)
    expect(
      (await pool.query('select 1 from mail_outbox where recipient = $1', ['altro@esempio.it'])).rowCount,
    ).toBe(0)
  })

  it('gives the launch offer to a first subscription only, the same in the figures shown and in the charge', async () => {
    type Figures = { regular: { total: number }; firstPeriod: { total: number; discount: number } }
    type Offer = { eligible: boolean; discountPercent: number; prices: { id: string; figures: Figures }[] }
    const figuresOf = (offer: Offer, priceId: string) => {
      const found = offer.prices.find((price) => price.id === priceId)
      if (!found) throw new Error(priceId)
      return found.figures
    }
    const premium = await item('premium_monthly')
    const professional = await item('professional_monthly')
    const account = await newAccount()
    expect(await launchOfferForCustomer(null)).toBe(true)
    const before = await v1json<Offer>('/stripe/launch-offer', { cookie: account.cookie })
    expect(before.status).toBe(200)
    expect(before.body).toMatchObject({ eligible: true, discountPercent: 50 })
    expect(before.body.prices).toHaveLength(8)
    expect(figuresOf(before.body, premium.price.id).firstPeriod).toMatchObject({ total: 499 })
    const first = await subscribe(account)
    expect(first.amountDue).toBe(figuresOf(before.body, premium.price.id).firstPeriod.total)

    // The subscription ends (cancelled): coming back, the customer pays the full price, and is shown it.
    await stripe.subscriptions.cancel(first.subscriptionId)
    await emulator.idle()
    expect(await launchOfferForCustomer(first.customerId)).toBe(false)
    const after = await v1json<Offer>('/stripe/launch-offer', { cookie: account.cookie })
    expect(after.body).toMatchObject({ eligible: false, discountPercent: 0 })
    const shown = figuresOf(after.body, professional.price.id)
    expect(shown.firstPeriod.discount).toBe(0)
    expect(shown.firstPeriod.total).toBe(shown.regular.total)
    const second = await subscribe(account, 'professional_monthly')
    expect(second.amountDue).toBe(shown.firstPeriod.total)
    expect(second.amountDue).toBe(1999)
  })

  it('refuses a declined card and leaves no active subscription', async () => {
    const account = await newAccount()
    const customer = await v1json<{ id: string }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: billingForm,
    })
    const price = await item('professional_monthly')
    const created = await v1json<{ clientSecret: string }>('/stripe/subscription/create', {
      cookie: account.cookie,
      body: { priceId: price.price.id, customerId: customer.body.id },
    })
    const piId = created.body.clientSecret.split('_secret_')[0] ?? ''
    await expect(
      stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({
      code: 'card_declined',
    })
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('registered')
  })

  it('answers the payment-failed error while Stripe is unreachable, leaves nothing active, and the reconciliation heals the mirror', async () => {
    const reachable = {
      stripe,
      webhookSecret: emulator.webhookSecret,
      publishableKey: emulator.publishableKey,
      emulator,
    }
    const unreachable = new Stripe(emulator.secretKey, {
      ...emulator.clientOptions,
      port: await closedPort(),
      maxNetworkRetries: 0,
    })
    const paymentFailed = {
      error: {
        code: 'unavailable',
        message: 'Il pagamento non è andato a buon fine. Controlla i dati inseriti e riprova.',
      },
    }
    const account = await newAccount()
    const price = await item('premium_monthly')
    const whileDown = async <T>(work: () => Promise<T>): Promise<T> => {
      setBillingStripe({ ...reachable, stripe: unreachable })
      try {
        return await work()
      } finally {
        setBillingStripe(reachable)
      }
    }

    // Down from the first step: the billing data are not saved.
    const refused = await whileDown(() =>
      v1json('/stripe/customer/create', { cookie: account.cookie, body: billingForm }),
    )
    expect(refused).toEqual({ status: 503, body: paymentFailed })

    // The webhooks of what follows are lost until the reconciliation (deliveries held).
    emulator.pauseDeliveries()
    let customerId = ''
    try {
      const customer = await v1json<{ id: string }>('/stripe/customer/create', {
        cookie: account.cookie,
        body: billingForm,
      })
      expect(customer.status).toBe(200)
      customerId = customer.body.id
      // Down at the subscription step.
      const notCreated = await whileDown(() =>
        v1json('/stripe/subscription/create', {
          cookie: account.cookie,
          body: { priceId: price.price.id, customerId },
        }),
      )
      expect(notCreated).toEqual({ status: 503, body: paymentFailed })
      // Down between the subscription and the card confirmation: the browser's confirm fails (the alert).
      const created = await v1json<{ subscriptionId: string; clientSecret: string }>(
        '/stripe/subscription/create',
        { cookie: account.cookie, body: { priceId: price.price.id, customerId } },
      )
      expect(created.status).toBe(200)
      await expect(
        unreachable.paymentIntents.confirm(created.body.clientSecret.split('_secret_')[0] ?? '', {
          payment_method: 'pm_card_visa',
        }),
      ).rejects.toMatchObject({ type: 'StripeConnectionError' })
      expect((await stripe.subscriptions.retrieve(created.body.subscriptionId)).status).toBe('incomplete')
      expect((await accessState(account)).entitlements.kind).toBe('registered')

      // The reconciliation rewrites the mirror from Stripe: the half-made subscription is there, not active.
      await reconcileCustomer(customerId, stripe)
      expect((await mirrored(created.body.subscriptionId))?.status).toBe('incomplete')
      expect((await accessState(account)).entitlements.kind).toBe('registered')
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }

    // Stripe back: a new checkout replaces the half-made subscription and opens access once.
    const { subscriptionId } = await subscribe(account)
    const atStripe = await stripe.subscriptions.list({ customer: customerId, status: 'all' })
    expect(atStripe.data.filter((sub) => sub.status === 'active').map((sub) => sub.id)).toEqual([
      subscriptionId,
    ])
    expect(atStripe.data.filter((sub) => sub.status === 'incomplete')).toEqual([])
    const rows = await pool.query<{ id: string; status: string }>(
      'select id, status from billing_subscriptions where customer_id = $1',
      [customerId],
    )
    expect(rows.rows.filter((row) => row.status === 'active').map((row) => row.id)).toEqual([subscriptionId])
    expect((await accessState(account)).entitlements.kind).toBe('premium')
  })

  it('validates the billing form with the rules of §5 and refuses the not-eligible profession', async () => {
    const account = await newAccount()
    const badCf = await v1json<{ error: { field: string; message: string } }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, fiscalcode: 'RMNLCU80A01H501X' },
    })
    expect(badCf.status).toBe(400)
    expect(badCf.body.error.field).toBe('fiscalcode')
    const badZip = await v1json<{ error: { field: string } }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, zipCode: '0018' },
    })
    expect(badZip.body.error.field).toBe('zipCode')
    const badProvince = await v1json<{ error: { field: string } }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, province: 'ZZ' },
    })
    expect(badProvince.body.error.field).toBe('province')
    const abroad = await v1json('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, state: 'DE', province: 'Bayern', zipCode: '80331', fiscalcode: 'DE123456789' },
    })
    expect(abroad.status).toBe(200)
    const notEligible = await v1json<{ error: { message: string } }>('/stripe/customer/create', {
      cookie: account.cookie,
      body: { ...billingForm, professione: 'azienda-chimico-farmaceutica' },
    })
    expect(notEligible.status).toBe(403)
    expect(notEligible.body.error.message).toBe(
      'Non è stato possibile completare il pagamento. Verrai ricontattato a breve da un nostro commerciale.',
    )
    const mail = await v1json<{ sent: boolean }>('/user/sendNotEligibleSubscriptionMail', {
      cookie: account.cookie,
      body: {
        nome: 'Mario Rossi',
        email: 'commerciale@altrove.it',
        professione: 'Azienda Chimico-Farmaceutica',
      },
    })
    expect(mail.body.sent).toBe(true)
    const again = await v1json<{ sent: boolean }>('/user/sendNotEligibleSubscriptionMail', {
      cookie: account.cookie,
      body: { nome: 'Mario Rossi' },
    })
    expect(again.body.sent).toBe(false)
    const recipients = await pool.query(
      `select recipient from mail_outbox where dedupe_key like 'not-eligible:' || $1 || '%'`,
      [account.id],
    )
    expect(recipients.rows.map((row) => row.recipient)).toEqual([account.email])
  })
})

describe('webhooks', () => {
  it('rejects a payload without a valid signature with 400', async () => {
    const payload = JSON.stringify({
      id: 'evt_falso',
      object: 'event',
      type: 'customer.subscription.updated',
      data: { object: {} },
    })
    const forged = await postWebhook(payload, signPayload(payload, 'whsec_sbagliato'))
    expect(forged.status).toBe(400)
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(
      'Firma del webhook non valida.',
    )
    expect((await v1('/stripe/webhook', { raw: payload })).status).toBe(400)
    const tampered = await postWebhook(
      payload.replace('evt_falso', 'evt_altro'),
      signPayload(payload, emulator.webhookSecret),
    )
    expect(tampered.status).toBe(400)
  })

  it('tells the metrics the newest processed event’s lag and the deliveries by outcome', async () => {
    const before = webhookCounts()
    const payload = JSON.stringify({
      id: 'evt_contato',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    })
    expect((await postWebhook(payload, signPayload(payload, 'whsec_sbagliato'))).status).toBe(400)
    await subscribe(await newAccount())
    await emulator.idle()
    const after = webhookCounts()
    expect(after.failed).toBe(before.failed + 1)
    expect(after.processed).toBeGreaterThan(before.processed)

    const lag = await webhookLag(pool)
    expect(lag?.lagSeconds).toBeGreaterThanOrEqual(0)
    expect(lag?.lagSeconds).toBeLessThan(60)
    expect(lag?.sinceLastSeconds).toBeLessThan(60)
    // The newest event delivered ten minutes after Stripe created it (deliveries retried after failures).
    await pool.query(
      `update billing_events set created_at = received_at - interval '10 minutes'
        where id = (select id from billing_events order by received_at desc limit 1)`,
    )
    expect((await webhookLag(pool))?.lagSeconds).toBeCloseTo(600, 0)
  })

  it('changes state once when the same event is delivered three times', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account)
    emulator.pauseDeliveries()
    try {
      await v1('/stripe/subscription/flip-subscription-renewal/' + subscriptionId, {
        cookie: account.cookie,
        method: 'POST',
      })
      const events = await stripe.events.list({ type: 'customer.subscription.updated', limit: 5 })
      const event = events.data.find(
        (candidate) => (candidate.data.object as { id: string }).id === subscriptionId,
      )
      if (!event) throw new Error('evento mancante')
      const payload = JSON.stringify(event)
      const outcomes: string[] = []
      const syncedAt: unknown[] = []
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await postWebhook(payload, signPayload(payload, emulator.webhookSecret))
        expect(response.status).toBe(200)
        outcomes.push(((await response.json()) as { outcome: string }).outcome)
        syncedAt.push((await mirrored(subscriptionId))?.synced_at)
      }
      expect(outcomes).toEqual(['processed', 'duplicate', 'duplicate'])
      expect(syncedAt[1]).toEqual(syncedAt[0])
      expect(syncedAt[2]).toEqual(syncedAt[0])
      expect((await pool.query('select 1 from billing_events where id = $1', [event.id])).rowCount).toBe(1)
      expect((await mirrored(subscriptionId))?.cancel_at_period_end).toBe(true)
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }
  })

  it('ends in the right state when events arrive out of order', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account)
    emulator.pauseDeliveries()
    try {
      await v1('/stripe/subscription/flip-subscription-renewal/' + subscriptionId, {
        cookie: account.cookie,
        method: 'POST',
      })
      await v1('/stripe/subscription/flip-subscription-renewal/' + subscriptionId, {
        cookie: account.cookie,
        method: 'POST',
      })
      const events = (
        await stripe.events.list({ type: 'customer.subscription.updated', limit: 10 })
      ).data.filter((event) => (event.data.object as { id: string }).id === subscriptionId)
      // Newest first from Stripe: deliver them in that (reversed) order.
      const [newest, older] = events
      if (!newest || !older) throw new Error('eventi mancanti')
      expect((older.data.object as Stripe.Subscription).cancel_at_period_end).toBe(true)
      for (const event of [newest, older]) {
        const payload = JSON.stringify(event)
        expect((await postWebhook(payload, signPayload(payload, emulator.webhookSecret))).status).toBe(200)
      }
      const row = await mirrored(subscriptionId)
      expect(row?.cancel_at_period_end).toBe(false)
      expect(row?.canceled_at).toBeNull()
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }
  })

  it('heals a payment whose webhooks never arrived with the reconciliation', async () => {
    const account = await newAccount()
    emulator.pauseDeliveries()
    let subscriptionId: string | undefined
    try {
      subscriptionId = await paidWithoutWebhooks(account, 'professional_annual')
      // Paid at Stripe, nothing mirrored: no access yet.
      expect(await mirrored(subscriptionId)).toBeUndefined()
      expect((await accessState(account)).entitlements.kind).toBe('registered')
      // The success page's call: reconciles the caller's own customer only.
      const stranger = await newAccount()
      const refused = await v1(`/stripe/subscription/refresh/${subscriptionId}`, {
        cookie: stranger.cookie,
        method: 'POST',
      })
      expect(refused.status).toBe(403)
      const refreshed = await v1json<{ subscription: { status: string; plan: string } }>(
        `/stripe/subscription/refresh/${subscriptionId}`,
        { cookie: account.cookie, method: 'POST' },
      )
      expect(refreshed.body.subscription).toMatchObject({ status: 'active', plan: 'professional' })
      await reconcileAll(stripe)
      expect((await mirrored(subscriptionId))?.status).toBe('active')
      // The nightly run: one instance at a time (the second finds the lock taken).
      const runs = await Promise.all([
        runReconciliation({ logger: getLogger() }),
        runReconciliation({ logger: getLogger() }),
      ])
      expect(runs.filter(Boolean)).toHaveLength(1)
      expect((await accessState(account)).entitlements.kind).toBe('professional')
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }
    expect((await mirrored(subscriptionId ?? ''))?.status).toBe('active')
  })

  it('runs nightly as the Payload job stripeReconciliation, planned for 03:30 in Rome, and heals a lost payment', async () => {
    const payload = await getCms()
    const task = payload.config.jobs.tasks?.find((candidate) => candidate.slug === 'stripeReconciliation')
    expect(task?.schedule?.[0]).toMatchObject({ cron: '30 3 * * *', queue: 'nightly' })
    const jobs = () =>
      payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'stripeReconciliation' } } })
    await payload.delete({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'stripeReconciliation' } },
    })
    await payload.jobs.handleSchedules({ queue: 'nightly' })
    const [scheduled] = (await jobs()).docs
    const romeTime = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Rome',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    expect(romeTime.format(new Date(scheduled?.waitUntil ?? ''))).toBe('03:30')
    // Planned once: the next check finds the run waiting.
    await payload.jobs.handleSchedules({ queue: 'nightly' })
    expect((await jobs()).totalDocs).toBe(1)

    const account = await newAccount()
    emulator.pauseDeliveries()
    try {
      const subscriptionId = await paidWithoutWebhooks(account, 'premium_monthly')
      // Paid at Stripe, its webhooks lost: nothing mirrored.
      expect(await mirrored(subscriptionId)).toBeUndefined()
      await payload.jobs.runByID({ id: scheduled?.id ?? '' })
      expect((await mirrored(subscriptionId))?.status).toBe('active')
      expect((await accessState(account)).entitlements.kind).toBe('premium')
    } finally {
      emulator.resumeDeliveries()
      await emulator.idle()
    }
  })
})
