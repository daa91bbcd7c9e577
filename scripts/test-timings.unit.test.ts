import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { minutes, playwrightFileTimes, slowest, vitestFileTimes } from './test-timings.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'bancadati-timings-'))

describe('the test files’ times printed at the end of npm test', () => {
  it('reads vitest’s report: each file from start to end', () => {
    const file = path.join(dir, 'vitest.json')
    writeFileSync(
      file,
      JSON.stringify({
        testResults: [
          { name: '/repo/modules/a.unit.test.ts', startTime: 1000, endTime: 3500 },
          { name: '/repo/modules/b.int.test.ts', startTime: 2000, endTime: 62000 },
        ],
      }),
    )
    expect(vitestFileTimes(file, '/repo')).toEqual([
      { file: 'modules/a.unit.test.ts', seconds: 2.5 },
      { file: 'modules/b.int.test.ts', seconds: 60 },
    ])
  })

  it('reads Playwright’s report: the runs of every test of a file, retries and nested groups included', () => {
    const file = path.join(dir, 'playwright.json')
    writeFileSync(
      file,
      JSON.stringify({
        suites: [
          {
            file: 'feed.e2e.ts',
            specs: [{ file: 'feed.e2e.ts', tests: [{ results: [{ duration: 1000 }, { duration: 500 }] }] }],
            suites: [
              {
                file: 'feed.e2e.ts',
                specs: [{ file: 'feed.e2e.ts', tests: [{ results: [{ duration: 2000 }] }] }],
              },
            ],
          },
          {
            file: 'shell.e2e.ts',
            specs: [{ file: 'shell.e2e.ts', tests: [{ results: [{ duration: 250 }] }] }],
          },
        ],
      }),
    )
    expect(playwrightFileTimes(file)).toEqual([
      { file: 'e2e/feed.e2e.ts', seconds: 3.5 },
      { file: 'e2e/shell.e2e.ts', seconds: 0.25 },
    ])
  })

  it('orders the slowest first and writes minutes and seconds', () => {
    const times = [
      { file: 'a', seconds: 1 },
      { file: 'b', seconds: 30 },
      { file: 'c', seconds: 5 },
    ]
    expect(slowest(times, 2).map((time) => time.file)).toEqual(['b', 'c'])
    expect(minutes(905.4)).toBe('15 min 05 s')
    expect(vitestFileTimes(path.join(dir, 'missing.json'), dir)).toEqual([])
  })
})
