/**
 * The redline's work limits: large editions are compared in a worker thread
 * (the event loop keeps turning meanwhile), a rewritten article stops the
 * word diff at its edit limit, an oversized edition is refused before any
 * work, and a full queue refuses instead of piling up.
 */
import { afterAll, describe, expect, it } from 'vitest'
import {
  compareEditions,
  EditionTooLargeError,
  MAX_ARTICLE_EDITS,
  MAX_EDITION_CHARS,
} from './compare-editions.ts'
import { WorkerBusyError } from '../platform/index.ts'
import { createEditionsComparer } from './compare-off-thread.ts'

/** An edition of `articles` articles of 120 words each; `seed` changes every seventh word. */
function edition(articles: number, seed: number): string {
  const parts: string[] = []
  for (let a = 1; a <= articles; a += 1) {
    const words = Array.from({ length: 120 }, (_, w) => (w % 7 === 0 ? `v${seed}x${a}x${w}` : `parola${w}`))
    parts.push(`<h3 id="art-${a}">Art. ${a} – Titolo ${a}</h3><p>${words.join(' ')}</p>`)
  }
  return parts.join('\n')
}

const comparer = createEditionsComparer({ offThreadChars: 100_000, maxQueued: 1 })
afterAll(() => comparer.close())

describe('the redline off the event loop', () => {
  it('compares large editions in a worker, with the same result, while the event loop keeps turning', async () => {
    const older = edition(400, 1)
    const newer = edition(400, 2)
    expect(older.length + newer.length).toBeGreaterThan(100_000)
    let ticks = 0
    const timer = setInterval(() => (ticks += 1), 5)
    const redline = await comparer.compare(older, newer)
    clearInterval(timer)
    // On the caller's thread a diff is one synchronous call: no timer could fire during it.
    expect(ticks).toBeGreaterThan(0)
    expect(redline).toEqual(compareEditions(older, newer))
    expect(redline.counts.changed).toBe(400)
  }, 60_000)

  it('refuses a comparison when the queue is full, instead of piling them up', async () => {
    const older = edition(400, 3)
    const newer = edition(400, 4)
    const first = comparer.compare(older, newer)
    await expect(comparer.compare(older, newer)).rejects.toBeInstanceOf(WorkerBusyError)
    await expect(first).resolves.toMatchObject({ counts: { changed: 400 } })
  }, 60_000)

  it('compares small editions on the caller’s thread', async () => {
    const redline = await comparer.compare(edition(2, 1), edition(2, 2))
    expect(redline.counts).toEqual({ added: 0, removed: 0, changed: 2, unchanged: 0 })
  })
})

describe('the redline’s work limits', () => {
  it('refuses an edition over the size limit before reading it', async () => {
    const huge = 'x'.repeat(MAX_EDITION_CHARS + 1)
    const started = performance.now()
    expect(() => compareEditions(huge, '<h3>Art. 1 – A</h3><p>a</p>')).toThrow(EditionTooLargeError)
    await expect(comparer.compare('<h3>Art. 1 – A</h3><p>a</p>', huge)).rejects.toBeInstanceOf(
      EditionTooLargeError,
    )
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it('shows an article rewritten past the edit limit as struck and inserted whole', () => {
    // Two texts with no word in common need one edit per word: more than the limit.
    const words = MAX_ARTICLE_EDITS
    const before = Array.from({ length: words }, (_, i) => `vecchia${i}`).join(' ')
    const after = Array.from({ length: words }, (_, i) => `nuova${i}`).join(' ')
    const [article] = compareEditions(
      `<h3>Art. 1 – Ferie</h3><p>${before}</p>`,
      `<h3>Art. 1 – Ferie</h3><p>${after}</p>`,
    ).articles
    expect(article).toMatchObject({ change: 'changed', struck: words, inserted: words })
    expect(article?.html).toBe(`<p><del>${before}</del><ins>${after}</ins></p>`)
  })
})
