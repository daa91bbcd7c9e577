/**
 * Billing over time, on a real Postgres with the Stripe emulator: the test
 * clock (renewal, failed renewal, cancellation at period end), plan changes
 * with the 24-hour rule, that no caller reaches another account's data,
 * checkouts and plan changes at the same time, and buyers not sold online.
 */
import { describe, expect, it } from 'vitest'
import { confirmAddress } from '../accounts/index.ts'
import { findContact } from '../contacts/index.ts'
import { getEnv } from '../platform/index.ts'
import {
  pool,
  emulator,
  stripe,
  unique,
  DAY,
  v1,
  v1json,
  type Account,
  newAccount,
  signInWith,
  billingForm,
  item,
  subscribe,
  accessState,
  mirrored,
  quotePlanChange,
  useBilling,
} from './fixtures/harness.ts'

useBilling()

describe('the test clock', () => {
  it('renews a monthly subscription: a second paid invoice after 31 days', async () => {
    const account = await newAccount()
    await subscribe(account)
    await emulator.advance(31)
    await emulator.idle()
    const invoices = await v1json<
      { id: string; paid: boolean; total: number; invoicePdf: string; number: string }[]
    >('/stripe/invoices', {
      cookie: account.cookie,
    })
    expect(invoices.body).toHaveLength(2)
    expect(invoices.body.every((invoice) => invoice.paid)).toBe(true)
    expect(invoices.body.map((invoice) => invoice.total)).toEqual([999, 499])
    // The portal's own invoice, with its number of the year.
    expect(invoices.body[0]?.invoicePdf).toBe(`/api/v1/stripe/invoices/${invoices.body[0]?.id}/pdf`)
    expect(invoices.body.map((invoice) => invoice.number)).toEqual([
      expect.stringMatching(/^\d+\/\d{4}$/),
      expect.stringMatching(/^\d+\/\d{4}$/),
    ])
    expect((await accessState(account)).entitlements.kind).toBe('premium')
  })

  it('refuses a replacement card the bank declines, with the bank’s reason when Stripe gives one', async () => {
    const account = await newAccount()
    const { customerId } = await subscribe(account)
    const replace = (card: string) =>
      v1json<{ error: { message: string } }>(
        `/stripe/paymentmethods/update-customer-card/${customerId}/${card}`,
        { cookie: account.cookie, method: 'PATCH' },
      )
    const expired = await replace('pm_card_chargeDeclinedExpiredCard')
    expect(expired.status).toBe(400)
    expect(expired.body.error.message).toBe(
      "Errore durante l'aggiornamento del metodo di pagamento. La banca ha rifiutato la carta perché è scaduta. Non ti è stato addebitato nulla: usa un’altra carta.",
    )
    const insufficient = await replace('pm_card_chargeDeclinedInsufficientFunds')
    expect(insufficient.body.error.message).toContain('fondi insufficienti')
    const generic = await replace('pm_card_chargeDeclined')
    expect(generic.body.error.message).toBe("Errore durante l'aggiornamento del metodo di pagamento.")
  })

  it('keeps access with a banner while a failed renewal is retried, and ends it when the subscription is canceled', async () => {
    const account = await newAccount()
    const { customerId } = await subscribe(account)
    const card = await v1(
      '/stripe/paymentmethods/update-customer-card/' + customerId + '/pm_card_chargeCustomerFail',
      {
        cookie: account.cookie,
        method: 'PATCH',
      },
    )
    expect(card.status).toBe(200)
    await emulator.advance(31)
    await emulator.idle()
    const pastDue = await v1json<{ subscription: { status: string; paymentIssue: boolean } }>(
      '/abbonamenti',
      {
        cookie: account.cookie,
      },
    )
    expect(pastDue.body.subscription).toMatchObject({ status: 'past_due', paymentIssue: true })
    const retrying = await accessState(account)
    expect(retrying.entitlements.kind).toBe('premium')
    expect(retrying.viewer.paymentIssue).toBe(true)
    await emulator.advance(16)
    await emulator.idle()
    const ended = await accessState(account)
    expect(ended.entitlements.kind).toBe('registered')
    expect(ended.viewer.paymentIssue).toBeUndefined()
  })

  it('turns renewal off and on (canceled_at set and cleared) and ends the subscription at period end', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account)
    const flip = (path = subscriptionId) =>
      v1json<{ cancelAtPeriodEnd: boolean; canceledAt: string | null }>(
        '/stripe/subscription/flip-subscription-renewal/' + path,
        {
          cookie: account.cookie,
          method: 'POST',
        },
      )
    const off = await flip()
    expect(off.body).toMatchObject({ cancelAtPeriodEnd: true })
    expect(off.body.canceledAt).not.toBeNull()
    await emulator.idle()
    const state = await v1json<{ subscription: { cancelAtPeriodEnd: boolean; nextRenewal: unknown } }>(
      '/abbonamenti',
      {
        cookie: account.cookie,
      },
    )
    expect(state.body.subscription).toMatchObject({ cancelAtPeriodEnd: true, nextRenewal: null })
    const on = await flip()
    expect(on.body).toEqual(expect.objectContaining({ cancelAtPeriodEnd: false, canceledAt: null }))
    await flip()
    await emulator.advance(32)
    await emulator.idle()
    expect((await mirrored(subscriptionId))?.status).toBe('canceled')
    expect((await accessState(account)).entitlements.kind).toBe('registered')
  })

  it('applies a cancellation asked 25 hours before renewal at the period end, one asked 23 hours before a period later', async () => {
    const early = await newAccount()
    const late = await newAccount()
    const first = await subscribe(early)
    const now = Math.floor(Date.now() / 1000)
    const sub = await stripe.subscriptions.retrieve(first.subscriptionId)
    const end = sub.items.data[0]?.current_period_end ?? 0
    const clock = (await emulator.now()) - now
    await emulator.advance((end - 25 * 3600 - (now + clock)) / DAY)
    await v1('/stripe/subscription/flip-subscription-renewal/' + first.subscriptionId, {
      cookie: early.cookie,
      method: 'POST',
    })
    const earlySub = await stripe.subscriptions.retrieve(first.subscriptionId)
    expect(earlySub.cancel_at).toBe(end)

    const second = await subscribe(late)
    const lateSub = await stripe.subscriptions.retrieve(second.subscriptionId)
    const lateEnd = lateSub.items.data[0]?.current_period_end ?? 0
    await emulator.advance((lateEnd - 23 * 3600 - (await emulator.now())) / DAY)
    await v1('/stripe/subscription/flip-subscription-renewal/' + second.subscriptionId, {
      cookie: late.cookie,
      method: 'POST',
    })
    const cancelled = await stripe.subscriptions.retrieve(second.subscriptionId)
    expect(cancelled.cancel_at).toBeGreaterThan(lateEnd + 27 * DAY)
    await emulator.advance(2)
    await emulator.idle()
    // Renewed once more: still running after its first period end.
    expect((await mirrored(second.subscriptionId))?.status).toBe('active')
    expect((await mirrored(first.subscriptionId))?.status).toBe('canceled')
  })
})

/** A Professional monthly subscriber asks for Premium `hours` before the renewal: the account, the period's end and the answer. */
/** The Stripe customer of a subscription. */
async function subscriptionCustomer(subscriptionId: string): Promise<string> {
  const sub = await stripe.subscriptions.retrieve(subscriptionId)
  return typeof sub.customer === 'string' ? sub.customer : sub.customer.id
}

async function downgradeBeforeRenewal(hours: number) {
  const account = await newAccount()
  const { subscriptionId } = await subscribe(account, 'professional_monthly')
  const premium = await item('premium_monthly')
  const sub = await stripe.subscriptions.retrieve(subscriptionId)
  const end = sub.items.data[0]?.current_period_end ?? 0
  await emulator.advance((end - hours * 3600 - (await emulator.now())) / DAY)
  const downgrade = await v1json<{ effective: string }>(
    `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premium.product.id}`,
    { cookie: account.cookie, method: 'POST' },
  )
  return { account, end, downgrade }
}

describe('plan change', () => {
  it('upgrades at once with the difference charged, refuses the same plan, and downgrades at period end', async () => {
    const account = await newAccount()
    const { subscriptionId } = await subscribe(account)
    const professional = await item('professional_monthly')
    const premium = await item('premium_monthly')
    const same = await v1json<{ error: { message: string } }>(
      `/stripe/subscription/calculate-proration/${subscriptionId}/${premium.product.id}`,
      { cookie: account.cookie },
    )
    expect(same.status).toBe(400)
    expect(same.body.error.message).toBe(
      'Errore durante la convalida: è già in corso un abbonamento di questo tipo.',
    )
    const quote = await quotePlanChange(account, subscriptionId, professional.product.id)
    expect(quote.status).toBe(200)
    expect(quote.body.isUpgrade).toBe(true)
    // The lines in Italian, dates as gg/mm/aaaa: the first Professional month with its launch discount.
    expect(quote.body.lines.map((line) => line.description)).toEqual([
      expect.stringMatching(/^Tempo non utilizzato di Premium dal \d{2}\/\d{2}\/\d{4}$/),
      'Abbonamento Professional',
      'Sconto di lancio sul primo periodo di Professional',
    ])
    expect((quote.body.lines[0]?.amount ?? 0) + (quote.body.lines[1]?.amount ?? 0)).toBeGreaterThan(0)
    const upgrade = await v1json<{ charged: number }>(
      `/stripe/subscription/upgrade-subscription/${subscriptionId}/${professional.product.id}`,
      { cookie: account.cookie, method: 'POST' },
    )
    expect(upgrade.status).toBe(200)
    expect(upgrade.body.charged).toBe(quote.body.amountRemaining)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('professional')

    const wrongWay = await v1(
      `/stripe/subscription/upgrade-subscription/${subscriptionId}/${premium.product.id}`,
      {
        cookie: account.cookie,
        method: 'POST',
      },
    )
    expect(wrongWay.status).toBe(400)
    const downgrade = await v1json<{ effective: string }>(
      `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premium.product.id}`,
      { cookie: account.cookie, method: 'POST' },
    )
    expect(downgrade.status).toBe(200)
    await emulator.idle()
    const row = await mirrored(subscriptionId)
    expect((row?.current_period_end as Date).toISOString()).toBe(downgrade.body.effective)
    expect(row?.pending_price_id).toBe(premium.price.id)
    expect((await accessState(account)).entitlements.kind).toBe('professional')
    await emulator.advance(31)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('premium')
  })

  it('credits what was paid and gives the new plan’s launch discount once: not to a customer who already had it', async () => {
    // Professional monthly bought at the launch price (9,99 €), moved down to Premium at the renewal
    // (9,99 € list price, no discount), then up again to Professional: that plan's launch discount was had.
    const account = await newAccount('rientro')
    const { subscriptionId } = await subscribe(account, 'professional_monthly')
    const premium = await item('premium_monthly')
    const professional = await item('professional_monthly')
    const down = await v1(
      `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premium.product.id}`,
      { cookie: account.cookie, method: 'POST' },
    )
    expect(down.status).toBe(200)
    await emulator.advance(31)
    await emulator.idle()
    const paid = await stripe.invoices.list({
      customer: await subscriptionCustomer(subscriptionId),
      status: 'paid',
    })
    expect(paid.data.map((invoice) => invoice.total)).toEqual([999, 999])

    const quote = await quotePlanChange(account, subscriptionId, professional.product.id)
    expect(quote.status).toBe(200)
    // No launch discount and no new cycle: the rest of the Premium period at Professional's list price.
    expect(quote.body.lines.map((line) => line.description)).toEqual([
      expect.stringMatching(/^Tempo non utilizzato di Premium dal /),
      expect.stringMatching(/^Tempo rimanente di Professional dal /),
    ])
    // By hand: the share s of the period still to come at the change; credit −round(999 × s) (what was paid
    // for Premium), charge round(1.999 × s).
    const item0 = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]
    const start = item0?.current_period_start ?? 0
    const end = item0?.current_period_end ?? 0
    const share = (end - quote.body.prorationDate) / (end - start)
    expect(quote.body.lines.map((line) => line.amount)).toEqual([
      -Math.round(999 * share),
      Math.round(1999 * share),
    ])
    const upgrade = await v1json<{ charged: number }>(
      `/stripe/subscription/upgrade-subscription/${subscriptionId}/${professional.product.id}`,
      { cookie: account.cookie, method: 'POST' },
    )
    expect(upgrade.body.charged).toBe(quote.body.amountRemaining)
    const after = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]
    expect(after?.current_period_end).toBe(end)
  })

  it('applies a downgrade asked 25 hours before renewal at that renewal', async () => {
    const { account, end, downgrade } = await downgradeBeforeRenewal(25)
    expect(downgrade.status).toBe(200)
    expect(new Date(downgrade.body.effective).getTime() / 1000).toBe(end)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('professional')
    await emulator.advance(2)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('premium')
  })

  it('moves a downgrade asked 23 hours before renewal one period later', async () => {
    const { account, end, downgrade } = await downgradeBeforeRenewal(23)
    expect(new Date(downgrade.body.effective).getTime() / 1000).toBeGreaterThan(end + 27 * DAY)
    await emulator.advance(2)
    await emulator.idle()
    expect((await accessState(account)).entitlements.kind).toBe('professional')
  })
})

describe('access', () => {
  it('answers 401 without a session before reading the input', async () => {
    for (const [method, path] of [
      ['GET', '/stripe/invoices'],
      ['POST', '/stripe/customer/create'],
      ['POST', '/stripe/subscription/create'],
      ['GET', '/stripe/subscription/sub_x'],
      ['POST', '/stripe/subscription/flip-subscription-renewal/sub_x'],
      ['GET', '/stripe/paymentmethods/bycustomer/cus_x'],
      ['POST', '/user/sendsubscriptionemail'],
    ] as const) {
      expect((await v1(path, { method, ...(method === 'GET' ? {} : { raw: '{' }) })).status, path).toBe(401)
    }
  })

  it('never returns or changes another account’s customer, subscription, cards or invoices', async () => {
    const owner = await newAccount()
    const other = await newAccount()
    const { customerId, subscriptionId } = await subscribe(owner)
    const premium = await item('professional_monthly')
    const attempts: [string, string, unknown?][] = [
      ['GET', `/stripe/customer/${customerId}`],
      ['GET', `/stripe/customer/byEmail/${owner.email}`],
      ['GET', `/stripe/customer/byemail/${owner.email}`],
      [
        'PATCH',
        `/stripe/customer/update-customer-address/${customerId}`,
        { ...billingForm, fiscalCode: billingForm.fiscalcode },
      ],
      ['GET', `/stripe/subscription/${subscriptionId}`],
      ['GET', `/stripe/subscription/byemail/${owner.email}`],
      ['GET', `/stripe/subscription/bycustomeremail/${owner.email}`],
      ['POST', `/stripe/subscription/flip-subscription-renewal/${subscriptionId}`],
      ['GET', `/stripe/subscription/calculate-proration/${subscriptionId}/${premium.product.id}`],
      ['POST', `/stripe/subscription/upgrade-subscription/${subscriptionId}/${premium.product.id}`],
      ['GET', `/stripe/paymentmethods/bycustomer/${customerId}`],
      ['PATCH', `/stripe/paymentmethods/update-customer-card/${customerId}/pm_card_visa`],
      ['POST', `/stripe/paymentmethods/setdefaultpaymentmethod/${customerId}`, { paymentMethodId: 'pm_x' }],
      ['POST', '/stripe/subscription/create', { priceId: premium.price.id, customerId }],
    ]
    for (const [method, path, body] of attempts) {
      const response = await v1(path, { method, cookie: other.cookie, ...(body ? { body } : {}) })
      expect(response.status, `${method} ${path}`).toBe(403)
    }
    const invoices = await v1json<unknown[]>('/stripe/invoices', { cookie: other.cookie })
    expect(invoices.body).toEqual([])
    const stillRenewing = await stripe.subscriptions.retrieve(subscriptionId)
    expect(stillRenewing.cancel_at_period_end).toBe(false)
  })
})

/** A buyer as the site makes one: the trial sign-up, signed in with the mailed password, its address confirmed by the welcome mail's link. */
async function buyerAccount(): Promise<Account> {
  const email = `acquirente-${unique()}@esempio.it`
  const signup = await v1('/user/trial-signup', {
    body: { nome: 'Anna', cognome: 'Verdi', email, professione: 'professionista' },
  })
  expect(signup.status).toBe(201)
  const welcome = await pool.query<{ user_id: string; data: { confirmUrl?: string; password?: string } }>(
    `select u.id as user_id, m.data from mail_outbox m join auth_users u on u.email = m.recipient
      where m.recipient = $1 and m.template = 'welcome'`,
    [email],
  )
  const link = welcome.rows[0]?.data.confirmUrl
  if (!link) throw new Error('collegamento di conferma assente')
  expect((await confirmAddress(new URL(link).searchParams.get('token'))).status).toBe('confirmed')
  const cookie = await signInWith(email, welcome.rows[0]?.data.password ?? '')
  return { id: welcome.rows[0]?.user_id ?? '', email, cookie }
}

const planChangeFailed =
  "Si è verificato un errore durante l'aggiornamento. Verifica che i dati della carta forniti siano corretti e che ci siano fondi a sufficienza sulla carta."

describe('checkouts at the same time', () => {
  /** `tabs` checkouts of one buyer sent together, then every page tries to pay its own. */
  async function racingCheckouts(tabs: number) {
    const buyer = await buyerAccount()
    const customer = await v1json<{ id: string }>('/stripe/customer/create', {
      cookie: buyer.cookie,
      body: billingForm,
    })
    expect(customer.status).toBe(200)
    const price = await item('premium_monthly')
    const created = await Promise.all(
      Array.from({ length: tabs }, () =>
        v1json<{ subscriptionId: string; clientSecret: string; invoiceId: string }>(
          '/stripe/subscription/create',
          { cookie: buyer.cookie, body: { priceId: price.price.id, customerId: customer.body.id } },
        ),
      ),
    )
    expect(created.map((answer) => answer.status)).toEqual(Array.from({ length: tabs }, () => 200))
    await emulator.idle()
    return { buyer, customerId: customer.body.id, checkouts: created.map((answer) => answer.body) }
  }

  const intentOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? ''

  async function paidInvoices(customerId: string) {
    const invoices = await stripe.invoices.list({ customer: customerId, limit: 100 })
    return invoices.data.filter((invoice) => invoice.status === 'paid')
  }

  it('leaves one open checkout of two: the other invoice is void and its payment can no longer be made', async () => {
    const { buyer, customerId, checkouts } = await racingCheckouts(2)
    const open = await stripe.subscriptions.list({ customer: customerId, status: 'incomplete' })
    expect(open.data).toHaveLength(1)
    const current = checkouts.find((checkout) => checkout.subscriptionId === open.data[0]?.id)
    const replaced = checkouts.find((checkout) => checkout !== current)
    if (!current || !replaced) throw new Error('checkout mancante')
    expect((await stripe.subscriptions.retrieve(replaced.subscriptionId)).status).toBe('canceled')
    expect((await stripe.invoices.retrieve(replaced.invoiceId)).status).toBe('void')
    await expect(
      stripe.paymentIntents.confirm(intentOf(replaced.clientSecret), { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state', statusCode: 400 })
    expect((await stripe.paymentIntents.retrieve(intentOf(replaced.clientSecret))).status).toBe('canceled')

    await stripe.paymentIntents.confirm(intentOf(current.clientSecret), { payment_method: 'pm_card_visa' })
    await emulator.idle()
    expect((await paidInvoices(customerId)).map((invoice) => invoice.id)).toEqual([current.invoiceId])
    expect((await accessState(buyer)).entitlements.kind).toBe('premium')
    const mirroredInvoice = await pool.query<{ status: string }>(
      'select status from billing_invoices where id = $1',
      [replaced.invoiceId],
    )
    expect(mirroredInvoice.rows[0]?.status).toBe('void')
  })

  it('charges at most once when four checkouts are sent together and all four pages pay', async () => {
    const { buyer, customerId, checkouts } = await racingCheckouts(4)
    const all = await stripe.subscriptions.list({ customer: customerId, status: 'all' })
    expect(all.data.filter((sub) => sub.status === 'incomplete')).toHaveLength(1)
    expect(all.data.filter((sub) => sub.status === 'canceled')).toHaveLength(3)
    const payments = await Promise.allSettled(
      checkouts.map((checkout) =>
        stripe.paymentIntents.confirm(intentOf(checkout.clientSecret), { payment_method: 'pm_card_visa' }),
      ),
    )
    expect(payments.filter((payment) => payment.status === 'fulfilled')).toHaveLength(1)
    await emulator.idle()
    expect(await paidInvoices(customerId)).toHaveLength(1)
    const running = await stripe.subscriptions.list({ customer: customerId, status: 'active' })
    expect(running.data).toHaveLength(1)
    expect((await accessState(buyer)).entitlements.kind).toBe('premium')
  })
})

describe('plan changes at the same time', () => {
  it('applies one of a downgrade and an upgrade sent together and refuses the other with 409', async () => {
    const buyer = await buyerAccount()
    const { subscriptionId } = await subscribe(buyer, 'professional_monthly')
    const premiumMonthly = await item('premium_monthly')
    const professionalAnnual = await item('professional_annual')
    const [downgrade, upgrade] = await Promise.all([
      v1json<{ error?: { message: string } }>(
        `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premiumMonthly.product.id}`,
        { cookie: buyer.cookie, method: 'POST' },
      ),
      v1json<{ error?: { message: string } }>(
        `/stripe/subscription/upgrade-subscription/${subscriptionId}/${professionalAnnual.product.id}`,
        { cookie: buyer.cookie, method: 'POST' },
      ),
    ])
    expect([downgrade.status, upgrade.status].sort()).toEqual([200, 409])
    const refused = downgrade.status === 409 ? downgrade : upgrade
    expect(refused.body.error?.message).toBe(planChangeFailed)

    await emulator.idle()
    const sub = await stripe.subscriptions.retrieve(subscriptionId)
    const price = sub.items.data[0]?.price.id
    if (upgrade.status === 200) {
      expect(price).toBe(professionalAnnual.price.id)
      expect(sub.schedule).toBeNull()
    } else {
      expect(price).not.toBe(professionalAnnual.price.id)
      expect(sub.schedule).not.toBeNull()
    }
    const charged = (await stripe.invoices.list({ customer: sub.customer as string })).data.filter(
      (invoice) => invoice.billing_reason === 'subscription_update' && invoice.status === 'paid',
    )
    expect(charged).toHaveLength(upgrade.status === 200 ? 1 : 0)
  })

  it('refuses a renewal switch with 409 while another billing change of the account runs', async () => {
    const buyer = await buyerAccount()
    const { subscriptionId } = await subscribe(buyer, 'premium_monthly')
    const flip = () =>
      v1json<{ error?: { message: string }; cancelAtPeriodEnd?: boolean }>(
        `/stripe/subscription/flip-subscription-renewal/${subscriptionId}`,
        { cookie: buyer.cookie, method: 'POST' },
      )
    // A plan change of the account holds its billing lock (as account-lock.ts takes it).
    const holder = await pool.connect()
    try {
      await holder.query('select pg_advisory_lock(hashtext($1))', [`billing:account:${buyer.id}`])
      const refused = await flip()
      expect(refused.status).toBe(409)
      expect(refused.body.error?.message).toBe(
        'Non è stato possibile modificare il rinnovo automatico. Riprova tra qualche istante.',
      )
      expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false)
    } finally {
      await holder.query('select pg_advisory_unlock(hashtext($1))', [`billing:account:${buyer.id}`])
      holder.release()
    }
    const done = await flip()
    expect(done.status).toBe(200)
    expect(done.body.cancelAtPeriodEnd).toBe(true)
  })

  it('releases a scheduled downgrade when the plan is then upgraded', async () => {
    const buyer = await buyerAccount()
    const { subscriptionId } = await subscribe(buyer, 'professional_monthly')
    const premiumMonthly = await item('premium_monthly')
    const professionalAnnual = await item('professional_annual')
    const downgrade = await v1(
      `/stripe/subscription/downgrade-subscription/${subscriptionId}/${premiumMonthly.product.id}`,
      { cookie: buyer.cookie, method: 'POST' },
    )
    expect(downgrade.status).toBe(200)
    const scheduleId = (await stripe.subscriptions.retrieve(subscriptionId)).schedule as string
    expect(scheduleId).toBeTruthy()
    const upgrade = await v1(
      `/stripe/subscription/upgrade-subscription/${subscriptionId}/${professionalAnnual.product.id}`,
      { cookie: buyer.cookie, method: 'POST' },
    )
    expect(upgrade.status).toBe(200)
    await emulator.idle()
    const sub = await stripe.subscriptions.retrieve(subscriptionId)
    expect(sub.schedule).toBeNull()
    expect(sub.items.data[0]?.price.id).toBe(professionalAnnual.price.id)
    expect((await stripe.subscriptionSchedules.retrieve(scheduleId)).status).toBe('released')
    expect((await mirrored(subscriptionId))?.pending_price_id).toBeNull()
    await emulator.advance(40)
    await emulator.idle()
    expect((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]?.price.id).toBe(
      professionalAnnual.price.id,
    )
  })
})

describe('a buyer not sold online', () => {
  it('reaches sales: a mail to SALES_EMAIL and a contact with phone, company, plan and reason', async () => {
    const buyer = await buyerAccount()
    const price = await item('professional_annual')
    const refused = await v1json<{ error: { message: string } }>('/stripe/customer/create', {
      cookie: buyer.cookie,
      body: { ...billingForm, professione: 'azienda-chimico-farmaceutica' },
    })
    expect(refused.status).toBe(403)
    const request = await v1json<{ sent: boolean }>('/user/sendNotEligibleSubscriptionMail', {
      cookie: buyer.cookie,
      body: {
        nome: 'Farmaceutica Verdi S.p.A.',
        ragioneSociale: 'Farmaceutica Verdi S.p.A.',
        telefono: '+39 02 7654321',
        citta: 'Milano',
        cap: '20121',
        provincia: 'MI',
        indirizzo: 'Via Manzoni 3',
        codiceFiscale: '12345678903',
        professione: 'Azienda Chimico-Farmaceutica',
        priceId: price.price.id,
      },
    })
    expect(request).toEqual({ status: 200, body: { sent: true } })

    const sales = await pool.query<{
      subject: string
      data: { details: { label: string; value: string }[] }
    }>('select subject, data from mail_outbox where recipient = $1 and dedupe_key like $2', [
      getEnv().SALES_EMAIL,
      `sales:not-eligible:${buyer.id}:%`,
    ])
    expect(sales.rows).toHaveLength(1)
    const details = Object.fromEntries(
      (sales.rows[0]?.data.details ?? []).map((row) => [row.label, row.value]),
    )
    expect(details).toMatchObject({
      'Nome e cognome': 'Anna Verdi',
      'Azienda o ragione sociale': 'Farmaceutica Verdi S.p.A.',
      Email: buyer.email,
      Telefono: '+39 02 7654321',
      'Piano scelto': price.product.name,
      'Perché non è acquistabile online':
        'Professione non acquistabile online: Azienda Chimico-Farmaceutica.',
    })
    expect(sales.rows[0]?.subject).toContain('Farmaceutica Verdi S.p.A.')

    expect(await findContact(buyer.email)).toMatchObject({
      name: 'Anna Verdi',
      phone: '+39 02 7654321',
      company: 'Farmaceutica Verdi S.p.A.',
      product: price.product.name,
      profession: 'Azienda Chimico-Farmaceutica',
      salesReason: 'Professione non acquistabile online: Azienda Chimico-Farmaceutica.',
      salesRequestedAt: expect.any(String),
    })
    const buyerMail = await pool.query(
      'select 1 from mail_outbox where recipient = $1 and dedupe_key like $2',
      [buyer.email, `not-eligible:${buyer.id}:%`],
    )
    expect(buyerMail.rowCount).toBe(1)
  })
})
