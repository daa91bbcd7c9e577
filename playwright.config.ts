import { defineConfig, devices } from '@playwright/test'
import { chromiumExecutable } from './tests/browser.ts'
import { CONSENT_STATE, portalUrl as baseURL, testSignInPort } from './tests/e2e-servers.ts'

const port = Number(new URL(baseURL).port)

/**
 * Under `npm run test:at` every process runs with libfaketime except Chromium
 * (its pages stall under it): the browser starts without it, and the tests
 * give its pages a Date moved as much (e2e/helpers.ts).
 */
const browserEnv =
  process.env.E2E_BROWSER_CLOCK_OFFSET_MS !== undefined
    ? Object.fromEntries(
        Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')),
      )
    : undefined
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e'

/** The portal as `npm start` runs it, with its own data. */
const portal = (portPart: number, url: string, data: string) => ({
  command: `"${process.execPath}" scripts/start.ts`,
  url: `${url}/readyz`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(portPart),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: data,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Every browser test signs in from 127.0.0.1: the flood limit of one office would stop the run.
    // The failed-login limit (5 in 15 minutes) stays as in production.
    AUTH_REQUESTS_PER_MINUTE: '5000',
    AUTH_SIGN_INS_PER_MINUTE: '2000',
    AUTH_SIGN_UPS_PER_HOUR: '2000',
    // The searches of every test come from 127.0.0.1 too.
    SEARCHES_PER_MINUTE: '100000',
    // Google and Facebook have no keys: the portal starts its test sign-in provider on this port.
    EMBEDDED_OIDC_PORT: String(testSignInPort),
  },
})

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report gives `npm test` each file's time (scripts/test-timings.ts).
  reporter: [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable(),
      ...(browserEnv ? { env: browserEnv } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'consent',
      testMatch: '**/consent.setup.ts',
      // After every test of the portal: no Content-Security-Policy violation was reported (e2e/csp.teardown.ts).
      teardown: 'csp',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'csp',
      testMatch: '**/csp.teardown.ts',
    },
    {
      name: 'chromium',
      dependencies: ['consent'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        // A returning visitor: the cookie banner is answered (e2e/consent.setup.ts).
        storageState: CONSENT_STATE,
      },
    },
  ],
  webServer: [portal(port, baseURL, dataDir)],
})
