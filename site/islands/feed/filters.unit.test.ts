import { describe, expect, it } from 'vitest'
import { filtersValid } from './filters.ts'

describe('the filter panels', () => {
  it('top panel: sector all and no start date is not valid, whatever the contract', () => {
    expect(filtersValid('top', -1, -1, '')).toBe(false)
    expect(filtersValid('top', -1, 111, '')).toBe(false)
    expect(filtersValid('top', 2, -1, '')).toBe(true)
    expect(filtersValid('top', -1, -1, '2026-11-01')).toBe(true)
  })

  it('side panel: a sector, a contract or a start date is enough', () => {
    expect(filtersValid('side', -1, -1, '')).toBe(false)
    expect(filtersValid('side', -1, 111, '')).toBe(true)
    expect(filtersValid('side', 2, -1, '')).toBe(true)
    expect(filtersValid('side', -1, -1, '2026-11-01')).toBe(true)
  })
})
