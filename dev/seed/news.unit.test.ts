import { describe, expect, it } from 'vitest'
import { buildDemoFeed } from './demo.ts'
import { addDays } from './html.ts'
import { deadlineHorizon } from './news.ts'

/** Days the feed is read on: month ends, a leap day, a new year, a Monday, three months on. */
const days = ['2026-12-07', '2027-01-31', '2027-03-07', '2028-02-29', '2026-12-31', '2027-06-14']

describe('the demo feed follows the calendar', () => {
  it.each(days)(
    'on %s it has deadlines this month and the next, and news of the last seven days',
    async (today) => {
      const { news } = await buildDemoFeed(today)
      const month = today.slice(0, 7)
      const next = deadlineHorizon(today).slice(0, 7)
      const deadlines = news.filter((item) => item.type === 'deadline')
      expect(deadlines.filter((item) => item.date.startsWith(month)).length).toBeGreaterThanOrEqual(2)
      expect(deadlines.filter((item) => item.date.startsWith(next)).length).toBeGreaterThanOrEqual(2)
      const weekAgo = addDays(today, -7)
      expect(news.some((item) => item.type === 'news' && item.date > weekAgo && item.date <= today)).toBe(
        true,
      )
      // Nothing but deadlines is dated after today.
      expect(news.filter((item) => item.type !== 'deadline' && item.date > today)).toEqual([])
    },
  )

  it('holds every practical guide of every contract in any twelve months', async () => {
    const guides = (feed: Awaited<ReturnType<typeof buildDemoFeed>>) =>
      new Set(
        feed.news
          .filter((item) =>
            /^CCNL .+: (come funziona|ferie|malattia|preavviso|lavoro straordinario)/.test(item.title),
          )
          .map((item) => item.title),
      )
    const december = guides(await buildDemoFeed('2026-12-07'))
    expect(december.size).toBeGreaterThan(150)
    expect(guides(await buildDemoFeed('2027-06-14'))).toEqual(december)
  })

  it('keeps the items two days share: a later day only adds items (same guid, slug and text)', async () => {
    const first = await buildDemoFeed('2026-12-07')
    const later = await buildDemoFeed('2027-01-20')
    const byGuid = new Map(later.news.map((item) => [item.guid, item]))
    const shared = first.news.filter(
      (item) => item.date >= addDays('2027-01-20', -364) && item.date <= '2026-12-07',
    )
    expect(shared.length).toBeGreaterThan(200)
    for (const item of shared) expect(byGuid.get(item.guid), item.title).toEqual(item)
  })
})
