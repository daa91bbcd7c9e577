import { describe, expect, it } from 'vitest'
import {
  formatDecimal,
  formatEuro,
  formatEuroCents,
  formatEuroDifference,
  formatNumber,
  formatPercentChange,
} from './format.ts'

// Intl writes a narrow no-break space before the euro sign; readers see a space.
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('Italian number formatting', () => {
  it('groups thousands in every amount, four-digit ones included', () => {
    expect(plain(formatEuro(2243.85))).toBe('2.243,85 €')
    expect(plain(formatEuro(12_500))).toBe('12.500,00 €')
    expect(plain(formatEuro(9.99))).toBe('9,99 €')
    expect(plain(formatEuroCents(224_385))).toBe('2.243,85 €')
  })

  it('signs differences and percentages', () => {
    expect(plain(formatEuroDifference(1234.5))).toBe('+1.234,50 €')
    expect(plain(formatEuroDifference(-4))).toBe('-4,00 €')
    expect(plain(formatPercentChange(2.5))).toBe('+2,50 %')
    expect(plain(formatPercentChange(-0.125))).toBe('-0,13 %')
  })

  it('writes plain numbers with grouping and at most two decimals', () => {
    expect(formatDecimal(1234.567)).toBe('1.234,57')
    expect(formatDecimal(173)).toBe('173')
    expect(formatNumber(1460)).toBe('1.460')
  })
})
