/**
 * The contract database in the browser, per kind of visitor (anonymous,
 * trial, expired trial, Premium, Professional): the contract search, the tree
 * filter, the six sections of the demo contract (Terziario Confcommercio,
 * /bancadati/0/11/133/19), a favourite toggle and a print preview, checking
 * what each may and may not see (content never sent, not merely hidden). The
 * table below says what each kind may read; the tests after it go into the
 * details of the anonymous, trial and expired-trial views.
 */
import { expect, test, newContext, screens } from './helpers.ts'
import { type Page } from '@playwright/test'

const PASSWORD = 'Demo2026!'
const DASHBOARD = '/bancadati/0/11/133/19'
/** A sentence of the consolidated text: only readers with access may receive it. */
const TEXT_SENTENCE = 'le parti non assumono iniziative unilaterali'
/** The base pay of the Quadri level in the table in force. */
const PAY_AMOUNT = '2.243,85'
/** An INPS code of the contract: summaries and classifications need a subscription (not the trial). */
const INPS_CODE = '70101'
const PAY_TABLES_INVITATION =
  'Le tabelle retributive sono riservate agli abbonati e agli utenti in prova gratuita.'
const PROFESSIONAL_ONLY = 'Questo contenuto è riservato agli utenti Professional'
const NOT_AUTHORISED =
  "Non sei autorizzato alla visualizzazione del contenuto. Potresti non aver effettuato l'accesso o non avere un abbonamento attivo."

async function signIn(page: Page, email: string) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url()).origin },
  })
  expect(response.ok()).toBe(true)
}

/** The HTML the server sent for a page (what a visitor could read with the developer tools). */
async function html(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path)
  return response.text()
}

/** What each kind of visitor may read (modules/ccnl/README.md, "Access"). */
const KINDS = [
  { kind: 'anonymous', email: null, inForce: false, summaries: false, professional: false },
  { kind: 'trial', email: 'prova@demo.local', inForce: true, summaries: false, professional: false },
  {
    kind: 'expired trial',
    email: 'scaduto@demo.local',
    inForce: false,
    summaries: false,
    professional: false,
  },
  { kind: 'Premium', email: 'premium@demo.local', inForce: true, summaries: true, professional: false },
  {
    kind: 'Professional',
    email: 'professional@demo.local',
    inForce: true,
    summaries: true,
    professional: true,
  },
] as const

test.describe('every kind of visitor', () => {
  for (const visitor of KINDS) {
    test(`${visitor.kind}: search, tree filter, the six sections, favourite and print`, async ({
      page,
      context,
    }) => {
      await page.goto('/bancadati/0')
      if (visitor.email) await signIn(page, visitor.email)

      // The contract search and the tree filter are open to everyone.
      await page.goto('/bancadati/0')
      await page.getByRole('searchbox', { name: 'Cerca un contratto' }).fill('terziario')
      await page.getByRole('button', { name: 'Cerca' }).click()
      await expect(
        page.locator('#risultati').getByRole('link', {
          name: 'Dipendenti da aziende del terziario, della distribuzione e dei servizi',
        }),
      ).toBeVisible()
      await page.getByRole('searchbox', { name: 'Filtra le categorie' }).fill('albergh')
      await expect(
        page.locator('#albero-contratti').getByRole('link', { name: 'Aziende alberghiere' }),
      ).toBeVisible()

      // 0: news and deadlines of the contract, open to everyone.
      await page.goto(`${DASHBOARD}/0/fromFilters?settore=11&contratto=133`)
      await expect(page.getByRole('heading', { name: 'NOTIZIE CCNL' })).toBeVisible()
      await expect(page.locator('.news-list__item').first()).toBeVisible()

      // 1: the consolidated text with a subscription or trial; the archive with Professional.
      await page.goto(`${DASHBOARD}/1`)
      if (visitor.inForce) await expect(page.locator('[data-document]')).toContainText(TEXT_SENTENCE)
      else expect(await html(page, `${DASHBOARD}/1`)).not.toContain(TEXT_SENTENCE)
      await page.getByRole('link', { name: /Accordo di rinnovo del 22 marzo 2024/ }).click()
      if (visitor.professional) {
        await expect(page.locator('[data-document]')).toBeVisible()
        await expect(page.getByText(PROFESSIONAL_ONLY)).toHaveCount(0)
      } else await expect(page.locator('[data-document]')).toHaveCount(0)

      // 2: the pay table in force with a subscription or trial; earlier ones with Professional.
      await page.goto(`${DASHBOARD}/2`)
      if (visitor.inForce) await expect(page.locator('.pay-table')).toContainText(PAY_AMOUNT)
      else {
        expect(await html(page, `${DASHBOARD}/2`)).not.toContain(PAY_AMOUNT)
        await expect(page.getByText(PAY_TABLES_INVITATION)).toBeVisible()
      }
      // The PRO badge marks archive dates only, never the table in force.
      const dates = page.locator('aside[aria-labelledby="decorrenze-titolo"]').getByRole('link')
      await expect(dates.filter({ hasText: 'Dal 01/11/2026' }).locator('.badge')).toHaveCount(0)
      await expect(dates.filter({ hasText: 'Dal 01/11/2025' }).locator('.badge')).toHaveCount(
        visitor.professional ? 0 : 1,
      )
      await page.getByRole('link', { name: /Dal 01\/11\/2025/ }).click()
      if (visitor.professional) await expect(page.locator('.pay-table')).toBeVisible()
      else await expect(page.locator('.pay-table')).toHaveCount(0)

      // 3: the full summary with a subscription; everyone else reads the demo summary.
      await page.goto(`${DASHBOARD}/3`)
      const demo = page.getByText('Attenzione: Stai visualizzando una Sintesi dimostrativa.')
      if (visitor.summaries) {
        await expect(demo).toHaveCount(0)
        await expect(page.getByRole('link', { name: 'Scarica il PDF' })).toBeVisible()
      } else {
        await expect(demo).toBeVisible()
        await expect(page.getByRole('link', { name: 'Scarica il PDF' })).toHaveCount(0)
      }

      // 4: classification codes with a subscription (not the trial); the tabs for everyone.
      await page.goto(`${DASHBOARD}/4?tipo=INPS`)
      await expect(page.locator('.db-tabs').getByRole('link', { name: 'INPS' })).toBeVisible()
      if (visitor.summaries) await expect(page.locator('main')).toContainText(INPS_CODE)
      else expect(await html(page, `${DASHBOARD}/4?tipo=INPS`)).not.toContain(INPS_CODE)

      // 5: territorial bargaining with Professional; the regions for everyone.
      await page.goto(`${DASHBOARD}/5`)
      await expect(page.getByRole('link', { name: 'Milano' })).toBeVisible()
      if (visitor.professional) {
        await expect(page.getByText(PROFESSIONAL_ONLY)).toHaveCount(0)
        await expect(
          page.getByRole('heading', { name: /^Contratto integrativo provinciale/ }).first(),
        ).toBeVisible()
      } else await expect(page.getByText(PROFESSIONAL_ONLY).first()).toBeVisible()

      // The favourite toggle, for accounts only; toggled twice, it leaves the account as it was.
      // Adding needs a trial in progress or a subscription: an ended trial is told why, nothing is added.
      await page.goto(DASHBOARD)
      const favourite = page.locator('button[data-favourite]')
      if (!visitor.email) await expect(favourite).toHaveCount(0)
      else if (!visitor.inForce) {
        await expect(favourite).toHaveAttribute('aria-pressed', 'false')
        await favourite.click()
        await expect(
          page.getByText(/Per aggiungere un contratto ai preferiti serve un abbonamento attivo/),
        ).toBeVisible()
        await expect(favourite).toHaveAttribute('aria-pressed', 'false')
        await screens(page, 'preferito-prova-scaduta')
      } else {
        const before = await favourite.getAttribute('aria-pressed')
        await favourite.click()
        await expect(
          page.getByText(before === 'true' ? 'Contratto preferito rimosso' : 'Contratto preferito aggiunto'),
        ).toBeVisible()
        await expect(favourite).not.toHaveAttribute('aria-pressed', before ?? '')
        await favourite.click()
        await expect(favourite).toHaveAttribute('aria-pressed', before ?? '')
      }

      // Print: the pay table's preview in a new tab for readers; the print view refuses the others.
      if (visitor.inForce) {
        await page.goto(`${DASHBOARD}/2`)
        const [tab] = await Promise.all([
          context.waitForEvent('page'),
          page.getByRole('button', { name: 'Stampa' }).click(),
        ])
        await expect(tab.getByText('Anteprima di stampa')).toBeVisible()
        await expect(tab.getByRole('heading', { level: 1 })).toContainText('Tabella Retributiva')
        await tab.close()
      } else {
        await page.goto('/bancadati/0/stampadocumentoconsolidato/1331')
        await expect(page.getByText(NOT_AUTHORISED)).toBeVisible()
      }
    })
  }
})

test.describe('anonymous visitor', () => {
  test('searches contracts, sees the empty state and filters the tree', async ({ page }) => {
    await page.goto('/bancadati/0')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Benvenuto nella Banca Dati CCNL' }),
    ).toBeVisible()
    const box = page.getByRole('searchbox', { name: 'Cerca un contratto' })

    await box.fill('ter')
    await page.getByRole('button', { name: 'Cerca' }).click()
    await expect(page).toHaveURL(/\/bancadati\/0$/)

    await box.fill('terziario')
    await page.getByRole('button', { name: 'Cerca' }).click()
    await expect(page).toHaveURL(/q=terziario/)
    const results = page.locator('#risultati')
    await expect(
      results.getByRole('link', {
        name: 'Dipendenti da aziende del terziario, della distribuzione e dei servizi',
      }),
    ).toBeVisible()

    await page.getByRole('button', { name: 'Cancella' }).click()
    await expect(results).toBeHidden()
    await expect(box).toHaveValue('')

    await box.fill('zzqqxxyy')
    await page.getByRole('button', { name: 'Cerca' }).click()
    await expect(page.getByText('La ricerca non ha prodotto risultati.')).toBeVisible()

    const tree = page.locator('#albero-contratti')
    const filter = page.getByRole('searchbox', { name: 'Filtra le categorie' })
    await filter.fill('al')
    await expect(tree.getByRole('link', { name: 'Aziende alberghiere' })).toBeHidden()
    await filter.fill('ALBERGH')
    await expect(tree.getByRole('link', { name: 'Aziende alberghiere' })).toBeVisible()
    await expect(
      tree.getByRole('link', {
        name: 'Dipendenti da aziende del terziario, della distribuzione e dei servizi',
      }),
    ).toBeHidden()
    await tree.getByRole('link', { name: 'Aziende alberghiere' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('turismo')

    await page.goto('/bancadati/ccnl')
    await expect(page.getByRole('heading', { level: 1, name: 'Tutti i contratti' })).toBeVisible()
    await expect(
      page.getByRole('link', { name: 'CCNL Terziario, distribuzione e servizi – Confcommercio' }),
    ).toBeVisible()
  })

  test('the tree sends sectors collapsed: an opened sector loads its contracts, and links and the filter work without JavaScript', async ({
    page,
    browser,
    request,
  }) => {
    const terziario = 'Dipendenti da aziende del terziario, della distribuzione e dei servizi'
    // The page carries the sectors with their counts, not their contracts and categories.
    const html = await (await request.get('/bancadati/0')).text()
    expect(html).toContain('Terziario e servizi')
    expect(html).not.toContain('data-category')

    await page.goto('/bancadati/0')
    const tree = page.locator('#albero-contratti')
    await expect(tree.locator('[data-category]')).toHaveCount(0)
    const sector = tree.locator('details[data-sector="11"]')
    await expect(sector.locator('summary')).toContainText(/Terziario e servizi\s+\d+ contratti/)
    await sector.locator('summary').click()
    await sector.getByText('CCNL Terziario, distribuzione e servizi – Confcommercio').click()
    await sector.getByRole('link', { name: terziario }).click()
    await expect(page).toHaveURL('/bancadati/0/11/133/19')

    // Without JavaScript: the sector's link opens /bancadati/0/11 with the sector in full; the filter is a form.
    const context = await newContext(browser, { javaScriptEnabled: false })
    const plain = await context.newPage()
    await plain.goto('/bancadati/0')
    const plainSector = plain.locator('#albero-contratti details[data-sector="11"]')
    await plainSector.locator('summary').click()
    await plainSector.getByRole('link', { name: 'Mostra contratti e categorie del settore' }).click()
    await expect(plain).toHaveURL('/bancadati/0/11')
    await expect(plain.getByRole('heading', { level: 1, name: 'Terziario e servizi' })).toBeVisible()
    await plain.locator('#albero-contratti').getByText('dipendenti da aziende del settore turismo').click()
    await expect(
      plain.locator('#albero-contratti').getByRole('link', { name: 'Aziende alberghiere' }),
    ).toBeVisible()
    await plain.getByRole('searchbox', { name: 'Filtra le categorie' }).fill('albergh')
    await plain.getByRole('button', { name: 'Filtra', exact: true }).click()
    await expect(plain).toHaveURL(/filtro=albergh/)
    await expect(
      plain.locator('#albero-contratti').getByRole('link', { name: 'Aziende alberghiere' }),
    ).toBeVisible()
    await expect(plain.locator('#albero-contratti').getByRole('link', { name: terziario })).toHaveCount(0)
    expect((await request.get('/bancadati/0/999999')).status()).toBe(404)
    await context.close()
  })

  test('walks the dashboard: lists, trees and the demo summary, never the content', async ({ page }) => {
    await page.goto(DASHBOARD)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'CCNL Terziario, distribuzione e servizi – Confcommercio',
    )
    await expect(page.getByRole('button', { name: /preferiti/ })).toHaveCount(0)
    for (const tile of [
      'Notizie e scadenze',
      'Testo CCNL e serie storica',
      'Tabelle retributive',
      'Sintesi',
      'Classificazioni',
    ]) {
      await expect(page.getByRole('link', { name: new RegExp(tile) }).first()).toBeVisible()
    }

    // Section drop-down.
    await page.locator('[data-section-menu] summary').click()
    await page.locator('[data-section-menu]').getByRole('link', { name: 'Tabelle retributive' }).click()
    await expect(page).toHaveURL(`${DASHBOARD}/2`)
    await expect(page.getByRole('link', { name: 'Dal 01/11/2026' })).toBeVisible()
    await expect(page.locator('#banner')).toContainText('riservate agli abbonati')
    expect(await html(page, `${DASHBOARD}/2`)).not.toContain(PAY_AMOUNT)

    await page.goto(`${DASHBOARD}/1`)
    await expect(page.locator('#banner')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Art. 1 – Sfera di applicazione' })).toHaveAttribute(
      'href',
      '#banner',
    )
    expect(await html(page, `${DASHBOARD}/1`)).not.toContain(TEXT_SENTENCE)
    await page.getByRole('button', { name: 'Cerca' }).click()
    await expect(page.getByRole('dialog', { name: 'Funzionalità non disponibile' })).toBeVisible()
    await page.keyboard.press('Escape')

    await page.goto(`${DASHBOARD}/3`)
    await expect(page.getByText('Attenzione: Stai visualizzando una Sintesi dimostrativa.')).toBeVisible()
    await expect(
      page.locator('.db-doc').getByRole('heading', { name: 'Parti firmatarie e vigenza' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Scarica il PDF' })).toHaveCount(0)
    await page.goto(`${DASHBOARD}/3/mansionari`)
    await expect(page.getByText('Attenzione: Stai visualizzando una Sintesi dimostrativa.')).toBeVisible()

    await page.goto(`${DASHBOARD}/4`)
    for (const scheme of ['CNEL', 'INPS', 'ATECO'])
      await expect(page.locator('.db-tabs').getByRole('link', { name: scheme })).toBeVisible()
    expect(await html(page, `${DASHBOARD}/4?tipo=INPS`)).not.toContain('70101')

    await page.goto(`${DASHBOARD}/5`)
    await expect(page.locator('.badge--pro').first()).toBeVisible()
    await expect(page.getByText('Questo contenuto è riservato agli utenti Professional')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Milano' })).toBeVisible()

    // The contract without a category: the section asks for one.
    await page.goto('/bancadati/0/11/133/2')
    await page
      .getByRole('link', { name: 'Dipendenti da aziende del terziario, della distribuzione e dei servizi' })
      .last()
      .click()
    await expect(page).toHaveURL(`${DASHBOARD}/2`)

    // A contract without territorial or company documents.
    await page.goto('/bancadati/0/1/101/1/5')
    const empty = page.getByRole('dialog', { name: 'non ci sono contenuti visualizzabili' })
    await expect(empty).toContainText(
      'Questo contratto non dispone di alcun documento territoriale o aziendale.',
    )
    await empty.getByRole('link', { name: 'Indietro' }).click()
    await expect(page).toHaveURL('/bancadati/0/1/101/1')

    await page.goto('/bancadati/preferiti')
    await expect(page).toHaveURL(/\/accedi\?returnUrl=%2Fbancadati%2Fpreferiti/)

    await page.goto('/bancadati/0/stampadocumento/1331')
    await expect(
      page.getByText(
        "Non sei autorizzato alla visualizzazione del contenuto. Potresti non aver effettuato l'accesso o non avere un abbonamento attivo.",
      ),
    ).toBeVisible()
  })
})

test.describe('trial user', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/bancadati')
    await signIn(page, 'prova@demo.local')
  })

  test('reads pay tables and the consolidated text, searches in it; archive, summaries and territorial stay closed', async ({
    page,
  }) => {
    await page.goto(`${DASHBOARD}/2`)
    const table = page.locator('.pay-table')
    await expect(table.getByRole('columnheader')).toHaveText([
      'Livello',
      'Paga base',
      'Contingenza',
      'Terzo Elemento',
      'Altri elementi',
      'Totale mensile',
      'Importo Scatto',
      'Divisore Orario',
      'Divisore Giornaliero',
      'Paga oraria',
      'Paga giornaliera',
    ])
    await expect(table).toContainText(PAY_AMOUNT)
    // Every row: the total is the sum of its elements, the hourly and daily pay the total over 168 and 26.
    const euro = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'))
    for (const row of await table.locator('tbody tr').all()) {
      const cells = await row.locator('td').allInnerTexts()
      const others = [...(cells[3] ?? '').matchAll(/[\d.]+,\d{2}/g)].reduce((sum, m) => sum + euro(m[0]), 0)
      const total = euro(cells[4] ?? '')
      expect(total).toBeCloseTo(
        euro(cells[0] ?? '') + euro(cells[1] ?? '') + euro(cells[2] ?? '') + others,
        2,
      )
      expect(euro(cells[8] ?? '')).toBeCloseTo(Math.round((total / 168) * 100) / 100, 2)
      expect(euro(cells[9] ?? '')).toBeCloseTo(Math.round((total / 26) * 100) / 100, 2)
    }
    // The 7th level's EDR of 5,16 €, granted by the table's note, is in its figures.
    const seventh = table.locator('tbody tr').filter({ has: page.locator('th strong', { hasText: /^7$/ }) })
    await expect(seventh.locator('td').nth(3)).toHaveText(/5,16\s€\s*EDR/)
    await expect(page.locator('.pay-note')).toContainText(
      "al 7° livello l'elemento distinto della retribuzione di 5,16 euro",
    )
    await page.evaluate(() => window.scrollTo(0, 0))
    await screens(page, 'tabelle-totale')
    const csvHref = await page.getByRole('link', { name: 'Scarica CSV' }).getAttribute('href')
    const csv = await page.request.get(csvHref ?? '')
    expect(await csv.text()).toContain('Giulia Bianchi · Riproduzione Riservata')
    await expect(table).not.toContainText('Apprendista')
    await page.getByRole('link', { name: /Apprendisti/ }).click()
    await expect(page.locator('.pay-table')).toContainText('Apprendista 2° livello')
    await page.getByRole('link', { name: /Dal 01\/11\/2025/ }).click()
    await expect(page.locator('#banner')).toContainText(
      'Questo contenuto è riservato agli utenti Professional',
    )
    await expect(page.locator('.pay-table')).toHaveCount(0)

    await page.goto(`${DASHBOARD}/1`)
    await expect(page.locator('[data-document]')).toContainText(TEXT_SENTENCE)
    await expect(page.getByRole('link', { name: 'Art. 1 – Sfera di applicazione' })).toHaveAttribute(
      'href',
      '#art-1',
    )
    const panel = page.getByRole('complementary', { name: 'Navigazione del documento' })
    await panel.getByRole('searchbox').fill('ferie')
    await panel.getByRole('button', { name: 'Cerca' }).click()
    await expect(page.locator('[data-document] mark.search-hit').first()).toBeVisible()
    await expect(
      panel.locator('#risultati-documento').getByRole('link', { name: 'Art. 21 – Ferie (5)' }),
    ).toBeVisible()
    await panel.getByRole('searchbox').fill('zzqqxxyy')
    await panel.getByRole('button', { name: 'Cerca' }).click()
    await expect(panel.getByText('La ricerca non ha prodotto risultati.')).toBeVisible()

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copia link' }).click()
    await expect(page.getByText('Link copiato negli appunti.')).toBeVisible()
    const top = page.getByRole('button', { name: "Torna all'inizio" })
    await expect(top).toBeHidden()
    await page.mouse.wheel(0, 600)
    await expect(top).toBeVisible()

    await page.getByRole('link', { name: /Accordo di rinnovo del 22 marzo 2024/ }).click()
    await expect(page.locator('#banner')).toContainText(
      'Questo contenuto è riservato agli utenti Professional',
    )

    await page.goto(`${DASHBOARD}/3/mansionari`)
    await expect(page.getByText('non incluso nella prova gratuita').first()).toBeVisible()
    await page.goto(`${DASHBOARD}/4`)
    await expect(page.locator('#banner')).toContainText('Contenuto non incluso nella prova gratuita.')
    await page.goto(`${DASHBOARD}/5`)
    await expect(page.getByText('Questo contenuto è riservato agli utenti Professional')).toBeVisible()
  })

  test('gives edili operai, paid by the hour, a day of eight hours at the hourly pay', async ({ page }) => {
    await page.goto('/bancadati/0/6/130/23/2')
    const table = page.locator('.pay-table')
    await expect(table.getByRole('columnheader').nth(4)).toHaveText('Totale mensile')
    const euro = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'))
    const rows = await table.locator('tbody tr').all()
    expect(rows.length).toBe(4)
    for (const row of rows) {
      const cells = await row.locator('td').allInnerTexts()
      const total = euro(cells[0] ?? '') + euro(cells[1] ?? '') + euro(cells[2] ?? '')
      expect(euro(cells[3] ?? '')).toBeCloseTo(total, 2)
      // Hourly: the total over 173; the day: 8 hours at that hourly pay, not the total over 26.
      const hourly = Math.round((total / 173) * 100) / 100
      expect(cells[5]).toBe('173')
      expect(cells[6]).toBe('8 ore')
      expect(euro(cells[7] ?? '')).toBeCloseTo(hourly, 2)
      expect(euro(cells[8] ?? '')).toBeCloseTo(Math.round(8 * hourly * 100) / 100, 2)
    }
    await expect(
      page.getByText('Per i lavoratori retribuiti a ore la paga giornaliera è la paga oraria moltiplicata'),
    ).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, 0))
    await screens(page, 'tabelle-edili')
  })

  test('adds a favourite, finds it on the favourites page and removes it', async ({ page }) => {
    await page.goto('/bancadati/preferiti')
    // Start from no favourites (earlier runs share the database).
    for (
      let remove = page.locator('[data-favourite-card] button[data-favourite]');
      (await remove.count()) > 0;
    ) {
      await remove.first().click()
      await expect(page.getByText('Preferito rimosso.')).toBeVisible()
    }
    await expect(page.getByText('Non hai ancora aggiunto contratti preferiti.')).toBeVisible()

    await page.goto(DASHBOARD)
    const toggle = page.getByRole('button', { name: 'Aggiungi ai preferiti' })
    await toggle.click()
    await expect(page.getByText('Contratto preferito aggiunto')).toBeVisible()
    await expect(page.locator('button[data-favourite]')).toHaveAttribute('aria-pressed', 'true')

    await page.goto('/bancadati')
    await expect(page.getByRole('heading', { name: 'I tuoi preferiti' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'I CCNL più consultati' })).toHaveCount(0)

    await page.goto('/bancadati/preferiti')
    const card = page.locator('[data-favourite-card="19"]')
    await expect(card).toContainText('Terziario Confcommercio')
    await card.locator('button[data-favourite]').click()
    await expect(page.getByText('Preferito rimosso.')).toBeVisible()
    await expect(card).toHaveCount(0)
    await expect(page.getByText('Non hai ancora aggiunto contratti preferiti.')).toBeVisible()
  })

  test('opens the print preview of a pay table in a new tab, token out of the address', async ({
    page,
    context,
    browser,
  }) => {
    await page.goto(`${DASHBOARD}/2`)
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Stampa' }).click(),
    ])
    await tab.waitForLoadState()
    await expect(tab.getByText('Anteprima di stampa')).toBeVisible()
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
      'Tabella Retributiva Dipendenti da aziende del terziario, della distribuzione e dei servizi - Dal 01/11/2026',
    )
    await expect(tab.getByRole('button', { name: 'STAMPA' })).toBeEnabled()
    await expect(tab).toHaveURL(/\/stampa\/tabelleretributive\/19_01-11-2026$/)
    const watermark = tab.locator('[data-watermark]')
    await expect(watermark).toBeHidden()
    await tab.emulateMedia({ media: 'print' })
    await expect(watermark).toBeVisible()
    await expect(watermark).toContainText('Riproduzione Riservata')
    await expect(watermark).toContainText('Giulia Bianchi')
    await expect(tab.locator('[data-print-toolbar]')).toBeHidden()

    // A reload (the token has left the address) keeps the preview for the reader who opened it.
    await tab.emulateMedia({ media: 'screen' })
    await tab.reload()
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
      'Tabella Retributiva Dipendenti da aziende del terziario, della distribuzione e dei servizi - Dal 01/11/2026',
    )
    await expect(tab.getByRole('button', { name: 'STAMPA' })).toBeEnabled()

    // The consolidated text's print view carries the trial watermark.
    await tab.emulateMedia({ media: 'screen' })
    await tab.goto('/bancadati/0/stampadocumentoconsolidato/1331')
    await expect(tab.getByRole('button', { name: 'STAMPA' })).toBeEnabled()
    await expect(tab.locator('[data-watermark]')).toHaveText('Prova gratuita · Riproduzione Riservata')

    await tab.goto('/bancadati/0/stampadocumento/999999')
    await expect(tab.getByText('Il contenuto non è stato trovato in banca dati.')).toBeVisible()

    // Without the token the same address is refused to another session, even of the same reader.
    const other = await newContext(browser)
    const otherPage = await other.newPage()
    await otherPage.goto('/stampa/tabelleretributive/19_01-11-2026')
    await expect(otherPage.getByText(/Non sei autorizzato alla visualizzazione del contenuto/)).toBeVisible()
    await signIn(otherPage, 'prova@demo.local')
    await otherPage.goto('/stampa/tabelleretributive/19_01-11-2026')
    await expect(otherPage.getByText(/Non sei autorizzato alla visualizzazione del contenuto/)).toBeVisible()
    await other.close()
  })
})

test.describe('expired trial', () => {
  test('sees lists but no content, and the function-not-available modal', async ({ page }) => {
    await page.goto('/bancadati')
    await signIn(page, 'scaduto@demo.local')
    await page.goto(`${DASHBOARD}/2`)
    await expect(page.locator('#banner').getByRole('link', { name: 'Scopri gli abbonamenti' })).toBeVisible()
    expect(await html(page, `${DASHBOARD}/2`)).not.toContain(PAY_AMOUNT)
    await page.goto(`${DASHBOARD}/1`)
    expect(await html(page, `${DASHBOARD}/1`)).not.toContain(TEXT_SENTENCE)
    await page.getByRole('button', { name: 'Cerca' }).click()
    const dialog = page.getByRole('dialog', { name: 'Funzionalità non disponibile' })
    await expect(dialog).toContainText('Il tuo periodo di prova gratuita è terminato.')
    await page.keyboard.press('Escape')
    // The favourite star is there; adding needs an active access (every kind of visitor, above).
    await page.goto(DASHBOARD)
    await expect(page.getByRole('button', { name: /preferiti/ })).toBeVisible()
  })
})
