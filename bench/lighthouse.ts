/**
 * Lighthouse scores (performance, accessibility, SEO; 0-100) of a few pages,
 * in Debian's Chromium (CHROME_PATH of the browser tests, default
 * /usr/bin/chromium), with the mobile defaults. The failed audits of the
 * accessibility and SEO categories are returned as notes, so a lower score says why.
 * Performance scores on a shared 2-core machine are noisy: reported, not gated.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumExecutable } from '../tests/browser.ts'

export type LighthouseScores = {
  label: string
  performance: number
  accessibility: number
  seo: number
  notes: string[]
}

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export async function runLighthouse(pages: { label: string; url: string }[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable() ?? '/usr/bin/chromium',
    chromeFlags: FLAGS,
  })
  try {
    const scores: LighthouseScores[] = []
    for (const page of pages) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo'],
      })
      if (!result) throw new Error(`Lighthouse non ha prodotto un risultato per ${page.url}`)
      const { categories, audits } = result.lhr
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
      const failed = ['accessibility', 'seo'].flatMap((id) =>
        (categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${page.label}, ${id}: ${audits[ref.id]?.title ?? ref.id}`),
      )
      scores.push({
        label: page.label,
        performance: score('performance'),
        accessibility: score('accessibility'),
        seo: score('seo'),
        notes: failed,
      })
    }
    return scores
  } finally {
    chrome.kill()
  }
}
