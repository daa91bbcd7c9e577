import { readFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumExecutable } from './tests/browser.ts'
import { startPortal } from './tests/portal.ts'

const portal = await startPortal()
try {
  const pid = Number.parseInt(readFileSync(path.join(portal.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10)
  process.kill(pid, 'SIGINT')
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } })
    const response = await page.goto(`${portal.base}/bancadati/quotidiano/preferiti`)
    console.log(width, response?.status())
    await page.screenshot({ path: `/tmp/faults-shots/503-${width}.png`, fullPage: true })
    await page.close()
  }
  await browser.close()
} finally {
  await portal.stop()
}
