import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pageBytes } from './page-bytes.mjs'

describe('pageBytes', () => {
  it('gives the bytes Buffer.from gives, for any text (lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(Buffer.compare(pageBytes(text), Buffer.from(text, 'utf8'))).toBe(0)
      }),
      { numRuns: 2000 },
    )
  })

  it('handles ASCII pages, Italian text and characters outside the BMP', () => {
    for (const text of [
      '',
      '<p>solo ascii</p>',
      'perché l’anno è già… “finito” – 12 €',
      'a😀b\ud800c',
      'àèìòù',
    ])
      expect(Buffer.compare(pageBytes(text), Buffer.from(text, 'utf8'))).toBe(0)
  })
})
