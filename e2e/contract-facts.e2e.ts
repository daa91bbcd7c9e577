/**
 * The public facts of a contract from the CNEL archive: who signed, the badge
 * of the most representative signatories and the validity ('Scaduto il' for
 * an agreement past its expiry, 'In vigore fino al' otherwise); an editor's
 * correction in /admin survives the next CNEL import, and 'Ripristina i dati
 * importati' hands it back to the import.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { cnelArchive } from '../dev/seed/index.ts'
import { adminLogin, expect, expectAccessible, screens, test, unique } from './helpers.ts'

const BADGE = 'Firmatari più rappresentativi secondo il CNEL'

test('the contract page shows who signed, the badge and the validity', async ({ page }) => {
  await page.goto('/bancadati/0/11/133')
  const header = page.locator('.dash-head')
  await expect(header.getByText(BADGE)).toBeVisible()
  // The badge says what it rests on: the CNEL archive's flags, not a legal finding.
  const basis = header.getByText(/L’archivio CNEL indica tra i firmatari/)
  await expect(basis).toBeHidden()
  await header.getByText(BADGE).click()
  await expect(basis).toBeVisible()
  await expect(basis).toContainText('non un suo accertamento')
  // Terziario Confcommercio expires on 31/03/2027: in force until then, 'Scaduto il' after.
  const validity = new Date() <= new Date('2027-03-31T21:59:59Z') ? 'In vigore fino al' : 'Scaduto il'
  await expect(header.getByText(`${validity} 31/03/2027`)).toBeVisible()
  await expect(header.getByText(/Primo deposito: \d{2}\/\d{2}\/\d{4}/)).toBeVisible()
  const signatories = page.getByTestId('firmatari')
  await expect(signatories.getByRole('heading', { name: 'Chi ha firmato' })).toBeVisible()
  const employer = signatories.getByRole('region', { name: 'Parte datoriale' })
  await expect(employer.getByRole('listitem')).toHaveText(['Confcommercio - Imprese per l’Italia'])
  await expect(employer).toContainText('Rappresentata al CNEL')
  const union = signatories.getByRole('region', { name: 'Parte sindacale' })
  await expect(union.getByRole('listitem')).toHaveText(['FILCAMS-CGIL', 'FISASCAT-CISL', 'UILTUCS'])
  await expect(signatories).toContainText('CGIL-CISL-UIL')
  await expect(signatories).toContainText('Confcommercio')
  await screens(page, 'contratto-firmatari')
  await expectAccessible(page)

  // Domestic work: past its expiry, employer side not represented at CNEL, so no badge.
  await page.goto('/bancadati/0/11/138')
  await expect(page.locator('.dash-head').getByText('Scaduto il 31/12/2022')).toBeVisible()
  await expect(page.getByText(BADGE)).toHaveCount(0)
  const domestic = page.getByTestId('firmatari')
  await expect(domestic.getByRole('region', { name: 'Parte datoriale' })).toContainText(
    'Non rappresentata al CNEL',
  )
  await expect(domestic.getByRole('region', { name: 'Parte sindacale' }).getByRole('listitem')).toHaveText([
    'FILCAMS-CGIL',
    'FISASCAT-CISL',
    'UILTUCS',
    'Federcolf',
  ])
  await screens(page, 'contratto-scaduto')
})

/** Imports a CNEL file holding the tourism agreement (H052) as the archive lists it, with the import command. */
function importTourismFromCnel(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bancadati-cnel-facts-'))
  try {
    const file = path.join(dir, 'archivio-cnel.json')
    writeFileSync(file, JSON.stringify(cnelArchive(40, 1).filter((row) => row.id === 'H052')))
    const port = new URL(test.info().project.use.baseURL ?? '').port
    const result = spawnSync(process.execPath, ['scripts/import.ts', '--source', 'cnel', file], {
      encoding: 'utf8',
      env: {
        ...process.env,
        PORT: port,
        DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e',
        LOG_LEVEL: 'warn',
      },
    })
    expect(result.status, result.stdout + result.stderr).toBe(0)
    return result.stdout
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function tourismEmployers(page: Page) {
  await page.goto('/bancadati/0/11/135')
  return page.getByTestId('firmatari').getByRole('region', { name: 'Parte datoriale' }).getByRole('listitem')
}

test('an editor corrects a fact in the admin, the next import keeps it, and hands it back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000)
  await adminLogin(page, 'redazione@demo.local')
  // The admin's REST API, with the editor's session of the page.
  const cms = async <T>(pathname: string): Promise<T> => {
    const response = await page.request.get(`/cms/api/${pathname}`, { headers: { origin: baseURL ?? '' } })
    expect(response.ok(), await response.text()).toBe(true)
    return (await response.json()) as T
  }
  const found = await cms<{ docs: { id: number }[] }>('contracts?where[code][equals]=135&depth=0')
  const id = found.docs[0]?.id
  expect(id).toBeDefined()

  await page.goto(`/admin/collections/contracts/${id}`)
  const employers = page.getByLabel('Firmatari datoriali')
  await expect(employers).toHaveValue(/Federalberghi/)
  // A name of its own each run, and UGL switched over: a change even on a data folder kept from an earlier run.
  const added = `Federturismo ${unique()}`
  await employers.fill(`Federalberghi\nFaita - Federcamping\n${added}`)
  const ugl = page.getByRole('checkbox', { name: 'UGL' })
  const withUgl = !(await ugl.isChecked())
  await ugl.setChecked(withUgl)
  await page.getByRole('button', { name: 'Salva', exact: true }).click()
  const handEdited = async () =>
    (await cms<{ handEdited: string[] | null }>(`contracts/${id}?depth=0`)).handEdited
  await expect.poll(handEdited).toEqual(['employerSignatories', 'representativeness.confederations.ugl'])

  // The form names the corrected fields by their labels.
  await page.goto(`/admin/collections/contracts/${id}`)
  await expect(page.getByTestId('hand-edited').locator('li')).toHaveText([
    'Firmatari datoriali',
    'Rappresentatività › Confederazioni firmatarie › UGL',
  ])
  await page.screenshot({ path: 'test-results/screens/contratto-corretti-a-mano-1280.png', fullPage: true })

  importTourismFromCnel()
  await expect(await tourismEmployers(page)).toHaveText(['Federalberghi', 'Faita - Federcamping', added])
  const confederations = page.getByTestId('firmatari').locator('.badge')
  if (withUgl) await expect(confederations).toContainText(['UGL'])
  else await expect(confederations.filter({ hasText: 'UGL' })).toHaveCount(0)

  // 'Ripristina i dati importati': the next import brings the archive's values back.
  await page.goto(`/admin/collections/contracts/${id}`)
  await page.getByRole('checkbox', { name: 'Ripristina i dati importati' }).check()
  await page.getByRole('button', { name: 'Salva', exact: true }).click()
  await expect.poll(handEdited).toEqual([])
  importTourismFromCnel()
  await expect(await tourismEmployers(page)).toHaveText(['Federalberghi', 'Faita - Federcamping'])
  await expect(page.getByTestId('firmatari').locator('.badge').filter({ hasText: 'UGL' })).toHaveCount(0)
})
