/**
 * 'Elimina il mio account' in the browser: a subscriber with a paid invoice
 * deletes the account from the Sicurezza tab with the password, ending the
 * subscription at once; the browser lands on /account-eliminato; signing in
 * again fails with the usual message; the confirmation mail arrives; an
 * operator still finds the invoice in /admin (Abbonamenti e pagamenti) and
 * sees the deletion in the log of /admin/abbonati. Screenshots at 1280 and
 * 375 px go to test-results/screens.
 */
import {
  expect,
  test,
  adminLogin,
  collectErrors,
  login,
  loginFormReady,
  mailTo,
  newContext,
  passwordIn,
  screens,
} from './helpers.ts'
import { newSubscriber } from './subscribers.ts'
import { pdfText } from '../tests/pdf-text.ts'

test.describe('deleting the account', () => {
  test('with the password: subscription ended, sign-in refused, invoice kept for operators', async ({
    page,
    browser,
    request,
  }) => {
    const errors = collectErrors(page)
    const subscriber = await newSubscriber(request, 'premium_monthly')
    const password = passwordIn(await mailTo(request, subscriber.email, 'credenziali'))

    await login(page, subscriber.email, password, '/v2/profilo/sicurezza')
    const section = page.getByRole('region', { name: 'Elimina il mio account' })
    await expect(section).toBeVisible()
    await section.getByRole('button', { name: 'Elimina il mio account' }).click()
    await expect(section.getByText('Cosa succede')).toBeVisible()
    await expect(section.getByText(/Hai un abbonamento .* attivo fino al \d{2}\/\d{2}\/\d{4}/)).toBeVisible()
    const submit = section.getByRole('button', { name: 'Elimina il mio account' })
    await expect(submit).toBeDisabled()
    await section.getByLabel('Password attuale').fill('Sbagliata2026')
    await section.getByRole('checkbox', { name: /voglio eliminare definitivamente/ }).check()
    await screens(page, 'profilo-elimina-account')
    await submit.click()
    await expect(section.getByText('La password inserita non è corretta.')).toBeVisible()

    await section.getByLabel('Password attuale').fill(password)
    await section.getByRole('radio', { name: /^Subito/ }).check()
    await submit.click()
    await page.waitForURL('**/account-eliminato')
    await expect(page.getByRole('heading', { level: 1, name: 'Account eliminato' })).toBeVisible()
    await screens(page, 'account-eliminato')

    // The session has ended, and the same credentials no longer sign in.
    expect((await page.request.get('/api/v1/user/validatesession')).status()).toBe(401)
    await page.goto('/accedi')
    await loginFormReady(page)
    await page.getByLabel('Email').filter({ visible: true }).fill(subscriber.email)
    await page.getByLabel('Password', { exact: true }).filter({ visible: true }).fill(password)
    await page.getByRole('button', { name: 'ACCEDI', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Accesso non riuscito: Verifica che username e password siano corretti.',
    )
    await expect(page).toHaveURL(/\/accedi/)
    const confirmation = await mailTo(request, subscriber.email, 'Il tuo account è stato eliminato')
    expect(confirmation.text).toContain('terminato subito')

    // An operator still finds the invoice, by the billing data kept in the fiscal archive.
    const operator = await newContext(browser)
    const admin = await operator.newPage()
    await adminLogin(admin, 'admin@demo.local')
    await admin.goto(`/admin/abbonamenti?cliente=${encodeURIComponent(subscriber.customerId)}`)
    await expect(admin.getByRole('heading', { level: 2 })).toContainText(subscriber.email)
    await expect(admin.getByRole('cell', { name: /^\d+\/\d{4}$/ }).first()).toBeVisible()
    const href = (await admin.getByRole('link', { name: 'Scarica' }).first().getAttribute('href')) ?? ''
    expect(href).toMatch(/^\/cms\/api\/fatture\/[^/]+\/pdf$/)
    // Fetched by the admin's page itself: its session cookie is Secure, which only the browser sends to 127.0.0.1.
    const pdf = await admin.evaluate(async (address) => {
      const response = await fetch(address)
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: [...new Uint8Array(await response.arrayBuffer())],
      }
    }, href)
    expect(pdf.status).toBe(200)
    expect(pdf.type).toBe('application/pdf')
    // The buyer's data as they were when the invoice was issued.
    const text = pdfText(new Uint8Array(pdf.bytes))
    expect(text).toContain('Cessionario / committente Elena Prova Via Nazionale 10')
    expect(text).toContain('Codice fiscale RMNLCU80A01H501M')

    // The account is no longer found among the subscribers; the deletion is in the log.
    await admin.goto(`/admin/abbonati?email=${encodeURIComponent(subscriber.email)}`)
    await expect(admin.getByText(/Nessun abbonato con un’email che contiene/)).toBeVisible()
    await admin.goto('/admin/abbonati')
    const log = admin.getByRole('table', { name: 'Eliminazioni recenti' })
    await expect(log.getByRole('row').nth(1)).toContainText('L’abbonato')
    await admin.screenshot({
      path: 'test-results/screens/admin-abbonati-eliminazioni-1280.png',
      fullPage: true,
    })
    await operator.close()
    expect(errors).toEqual([])
  })
})

test.describe('an operator deletes an account', () => {
  test('the reason is required and recorded', async ({ page, request }) => {
    const subscriber = await newSubscriber(request, 'premium_monthly')
    await adminLogin(page, 'admin@demo.local')
    await page.goto(`/admin/abbonati?email=${encodeURIComponent(subscriber.email)}`)
    await page.getByRole('link', { name: subscriber.email }).click()
    const form = page.getByRole('region', { name: 'Elimina account' })
    await expect(form).toBeVisible()
    await expect(form.getByRole('radio', { name: /Alla fine del periodo/ })).toBeChecked()
    await page.screenshot({ path: 'test-results/screens/admin-abbonati-elimina-1280.png', fullPage: true })
    await page.setViewportSize({ width: 375, height: 900 })
    await page.screenshot({ path: 'test-results/screens/admin-abbonati-elimina-375.png', fullPage: true })
    await page.setViewportSize({ width: 1280, height: 800 })
    await form.getByLabel(/Motivo/).fill('Richiesta scritta del cliente')
    await form.getByRole('button', { name: 'Elimina account' }).click()
    await expect(page.getByText('Account eliminato. Le fatture restano consultabili')).toBeVisible()
    const log = page.getByRole('table', { name: 'Eliminazioni recenti' })
    await expect(log.getByRole('row').nth(1)).toContainText('Richiesta scritta del cliente')
    await expect(log.getByRole('row').nth(1)).toContainText('Operatore admin@demo.local')
    const subscriberSession = await request.get('/api/v1/user/validatesession')
    expect(subscriberSession.status()).toBe(401)
  })
})
