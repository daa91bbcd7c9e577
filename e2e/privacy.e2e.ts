/**
 * 'Scarica i miei dati' (Profilo › Sicurezza): the request, the mail with its
 * link in the test mailbox, the download of the ZIP and the user's own data
 * in it; the link refuses another account and sends a signed-out visitor to
 * sign in first. The privacy policy shows the retention table.
 */
import { readFile } from 'node:fs/promises'
import JSZip from 'jszip'
import {
  DEMO_PASSWORD,
  collectErrors,
  expectAccessible,
  expect,
  login,
  mailTo,
  newContext,
  newTrialAccount,
  screens,
  test,
} from './helpers.ts'

test.describe('data export', () => {
  test('requests the export, opens the mailed link, downloads the ZIP and finds the user’s data in it', async ({
    page,
    browser,
  }) => {
    const errors = collectErrors(page)
    const email = await newTrialAccount(page.request, 'dati')
    await page.goto('/v2/profilo/sicurezza')
    await expect(page.getByRole('heading', { level: 2, name: 'Scarica i miei dati' })).toBeVisible()
    await page.getByRole('button', { name: 'Richiedi i miei dati' }).click()
    await expect(page.getByRole('status').filter({ hasText: `a ${email} arriverà un'e-mail` })).toBeVisible()
    await screens(page, 'v2-profilo-sicurezza-dati')
    await expectAccessible(page)

    // A second request within the hour is refused with an Italian message.
    await page.reload()
    await page.getByRole('button', { name: 'Richiedi i miei dati' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: "Hai già richiesto i tuoi dati nell'ultima ora." }),
    ).toBeVisible()

    const mail = await mailTo(page.request, email, 'I tuoi dati sono pronti')
    const match = /https?:\/\/[^\s/]+(\/profilo\/esportazione-dati\/[0-9a-f-]+\?token=[\w-]+)/.exec(mail.text)
    expect(match, mail.text).not.toBeNull()
    const link = match![1]!

    // Another account's session gets the same 'not valid' page as a wrong token.
    const other = await newContext(browser)
    const otherPage = await other.newPage()
    await login(otherPage, 'prova@demo.local', DEMO_PASSWORD)
    const refused = await otherPage.goto(link)
    expect(refused?.status()).toBe(404)
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Link non valido' })).toBeVisible()
    await screens(otherPage, 'esportazione-dati-non-valido')
    await other.close()

    // A signed-out visitor signs in first and comes back to the link.
    const signedOut = await newContext(browser)
    const visitor = await signedOut.newPage()
    await visitor.goto(link)
    await expect(visitor).toHaveURL(/\/accedi\?returnUrl=%2Fprofilo%2Fesportazione-dati%2F/)
    await signedOut.close()

    await page.goto(link)
    await expect(page.getByRole('heading', { level: 1, name: 'Il tuo archivio è pronto' })).toBeVisible()
    await screens(page, 'esportazione-dati-pronto')
    await expectAccessible(page)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Scarica l'archivio/ }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^dati-personali-\d{4}-\d{2}-\d{2}\.zip$/)
    const zip = await JSZip.loadAsync(await readFile(await download.path()))
    const data = JSON.parse(await zip.file('dati.json')!.async('string')) as Record<
      string,
      Record<string, unknown>[]
    >
    expect(data.profilo).toEqual([
      expect.objectContaining({ email, first_name: 'Elena', last_name: 'Prova', account_type: 'trial' }),
    ])
    expect(data.sessioni!.length).toBeGreaterThan(0)
    expect(await zip.file('profilo.csv')!.async('string')).toContain(email)
    for (const section of [
      'abbonamenti',
      'fatture',
      'contratti_preferiti',
      'notifiche',
      'consensi_cookie',
      'segnalazioni',
      'collegamenti_studio',
    ]) {
      expect(Object.keys(data)).toContain(section)
    }
    expect(errors).toEqual([])
  })

  test('the privacy policy lists what is kept and for how long', async ({ page }) => {
    await page.goto('/privacy-policy')
    await expect(
      page.getByRole('heading', { level: 2, name: 'Quali dati conserviamo e per quanto tempo' }),
    ).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: 'Sessioni' })).toContainText('al massimo 30 giorni')
    await screens(page, 'privacy-policy-conservazione')
    await expectAccessible(page)
  })
})
