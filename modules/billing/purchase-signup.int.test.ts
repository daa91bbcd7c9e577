/**
 * The sign-up before purchase (`POST /api/v1/user/purchase-signup`) on a real
 * Postgres with the Stripe emulator's catalogue: a standard account signed
 * in, the welcome mail with the generated password, the marketing contact
 * naming the plan, the checkout address; a registered e-mail, an unknown plan
 * and bad input refused.
 */
import { describe, expect, it } from 'vitest'
import { findContact } from '../contacts/index.ts'
import type { CatalogueItem } from './index.ts'
import { cookieOf, item as plan, pool, unique, useBilling, v1 } from './fixtures/harness.ts'

const call = (path: string, body?: unknown, cookie?: string) => v1(path, { body, cookie })
const cookiesOf = (response: Response) => cookieOf(response.headers.getSetCookie())

const form = (email: string, item: CatalogueItem) => ({
  nome: 'Lucia',
  cognome: 'Bianchi',
  email,
  professione: 'professionista',
  productId: item.product.id,
  priceId: item.price.id,
})

useBilling()

describe('sign-up before purchase', () => {
  it('creates a standard account, signs it in, mails the password and records the contact with the plan', async () => {
    const email = `acquisto-${unique()}@esempio.it`
    const item = await plan('professional_annual')
    const response = await call('/user/purchase-signup', form(email, item))
    expect(response.status).toBe(201)
    const body = (await response.json()) as { redirectTo: string; email: string }
    expect(body).toMatchObject({ email, redirectTo: `/v2/checkout/${item.product.id}/${item.price.id}` })

    // Signed in, without a trial: the plan starts with the payment.
    const state = (await (await call('/abbonamenti', undefined, cookiesOf(response))).json()) as {
      isAuthenticated: boolean
      isTrial: boolean
      entitlements: { kind: string }
    }
    expect(state).toMatchObject({
      isAuthenticated: true,
      isTrial: false,
      entitlements: { kind: 'registered' },
    })

    const account = await pool.query<{
      account_type: string
      trial_ends_at: Date | null
      profession: string
    }>('select account_type, trial_ends_at, profession from auth_users where email = $1', [email])
    expect(account.rows[0]).toMatchObject({
      account_type: 'standard',
      trial_ends_at: null,
      profession: 'professionista',
    })
    const mails = await pool.query<{ template: string; data: { password?: string } }>(
      'select template, data from mail_outbox where recipient = $1',
      [email],
    )
    expect(mails.rows.map((row) => row.template)).toEqual(['welcome'])
    expect(mails.rows[0]?.data.password).toMatch(/^[A-Za-z0-9]{8}$/)
    expect(await findContact(email)).toMatchObject({
      email,
      name: 'Lucia Bianchi',
      product: 'Professional Annuale',
      source: 'purchase-signup',
    })
  })

  it('refuses a registered e-mail (409) and leaves the account as it was', async () => {
    const email = `doppio-${unique()}@esempio.it`
    const item = await plan('premium_monthly')
    expect((await call('/user/purchase-signup', form(email, item))).status).toBe(201)
    const again = await call('/user/purchase-signup', { ...form(email, item), nome: 'Altro' })
    expect(again.status).toBe(409)
    const users = await pool.query('select first_name from auth_users where email = $1', [email])
    expect(users.rows).toEqual([{ first_name: 'Lucia' }])
  })

  it('refuses a plan not on sale (404) and bad input (400 naming the field), creating nothing', async () => {
    const email = `errore-${unique()}@esempio.it`
    const item = await plan('premium_monthly')
    const unknown = await call('/user/purchase-signup', {
      ...form(email, item),
      priceId: 'price_inesistente',
    })
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
      'Prodotto non trovato.',
    )
    const bad = await call('/user/purchase-signup', { ...form(email, item), nome: ' ' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe('firstName')
    expect((await pool.query('select 1 from auth_users where email = $1', [email])).rowCount).toBe(0)
  })
})
