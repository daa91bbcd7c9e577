/**
 * Runs after every browser test: the portal's Content-Security-Policy was on
 * throughout, and Chromium reported each violation to the portal
 * (/csp-report). Any violation means a page tried to run or load something
 * the policy refuses (an inline script without its hash, an eval, an outside
 * source) and so fails the run, naming the page and the directive.
 */
import { expect, test as teardown } from './helpers.ts'

type Violation = { documentUri: string; directive: string; blockedUri: string; sample: string }

teardown('no page broke the Content-Security-Policy', async ({ request }) => {
  // Reports are sent by the browser after the fact: give the last ones a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const response = await request.get('/dev/csp-report')
  expect(response.ok()).toBe(true)
  const { violations } = (await response.json()) as { violations: Violation[] }
  const described = violations.map((violation) =>
    `${violation.documentUri}: ${violation.directive} ha bloccato ${violation.blockedUri} ${violation.sample}`.trim(),
  )
  expect(described).toEqual([])
})
