/**
 * Runs before the browser tests: refuses the optional cookies once and keeps
 * that choice, so every test visits the portal as a returning visitor whose
 * cookie banner is already answered. The banner itself is tested in
 * e2e/public.e2e.ts, which starts without this choice where it needs to.
 */
import { expect, test as setup } from './helpers.ts'
import { CONSENT_STATE } from '../tests/e2e-servers.ts'

setup('answers the cookie banner once', async ({ page }) => {
  await page.goto('/')
  const banner = page.locator('#cc-main .cm')
  const recorded = page.waitForResponse((response) => response.url().endsWith('/api/v1/consenso-cookie'))
  await banner.getByRole('button', { name: 'Rifiuta i facoltativi' }).click()
  expect((await recorded).ok()).toBe(true)
  await expect(banner).toBeHidden()
  await page.context().storageState({ path: CONSENT_STATE })
})
