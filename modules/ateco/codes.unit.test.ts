import { describe, expect, it } from 'vitest'
import { codeRelation, levelOfCode, normalizeAtecoCode, parentOfCode } from './codes.ts'

describe('ATECO codes', () => {
  it('spell a code the way ISTAT does, whatever the separators', () => {
    expect(normalizeAtecoCode('56.11.11')).toBe('56.11.11')
    expect(normalizeAtecoCode(' 561111 ')).toBe('56.11.11')
    expect(normalizeAtecoCode('56 11 11')).toBe('56.11.11')
    expect(normalizeAtecoCode('56.11')).toBe('56.11')
    expect(normalizeAtecoCode('5611')).toBe('56.11')
    expect(normalizeAtecoCode('56.1')).toBe('56.1')
    expect(normalizeAtecoCode('56')).toBe('56')
    expect(normalizeAtecoCode('i')).toBe('I')
    expect(normalizeAtecoCode('I56.11.11')).toBe('56.11.11')
  })

  it('refuse what is no code', () => {
    expect(normalizeAtecoCode('5')).toBeNull()
    expect(normalizeAtecoCode('5611111')).toBeNull()
    expect(normalizeAtecoCode('561.1')).toBeNull()
    expect(normalizeAtecoCode('ristorante')).toBeNull()
    expect(normalizeAtecoCode('Z')).toBeNull()
  })

  it('know their level and their parent', () => {
    expect(['I', '56', '56.1', '56.11', '56.11.1', '56.11.11'].map(levelOfCode)).toEqual([
      'sezione',
      'divisione',
      'gruppo',
      'classe',
      'categoria',
      'sottocategoria',
    ])
    expect(parentOfCode('56.11.11')).toBe('56.11.1')
    expect(parentOfCode('56.11.1')).toBe('56.11')
    expect(parentOfCode('56.11')).toBe('56.1')
    expect(parentOfCode('56.1')).toBe('56')
    expect(parentOfCode('56')).toBeNull()
  })

  it('tell how a classification relates to a searched code', () => {
    expect(codeRelation('56.11.11', '56.11.11')).toBe('same')
    expect(codeRelation('56.11', '56.11.11')).toBe('ancestor')
    expect(codeRelation('56.11.11', '56')).toBe('descendant')
    expect(codeRelation('56.30.01', '56.11')).toBeNull()
    expect(codeRelation('55.10.00', '5')).toBeNull()
  })
})
