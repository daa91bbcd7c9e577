import { describe, expect, it } from 'vitest'
import {
  isMostRepresentative,
  noRepresentativeness,
  representativenessRank,
  signatoryList,
  validityOn,
} from './representativeness.ts'

describe('representativeness', () => {
  it('gives the badge to CGIL-CISL-UIL with an employer side represented at CNEL', () => {
    const signed = { ...noRepresentativeness, confederations: ['cgilCislUil' as const] }
    expect(isMostRepresentative(signed)).toBe(false)
    expect(isMostRepresentative({ ...signed, employerSideAtCnel: true })).toBe(true)
    expect(isMostRepresentative({ ...noRepresentativeness, employerSideAtCnel: true })).toBe(false)
  })

  it('ranks the badge first and nobody represented last', () => {
    const ranks = [
      { ...noRepresentativeness, employerSideAtCnel: true, confederations: ['cgilCislUil' as const] },
      { ...noRepresentativeness, confederations: ['cgilCislUil' as const] },
      { ...noRepresentativeness, employerSideAtCnel: true, unionSideAtCnel: true },
      { ...noRepresentativeness, representedAtCnel: true },
      noRepresentativeness,
    ].map(representativenessRank)
    expect(ranks).toEqual([4, 3, 2, 1, 0])
  })
})

describe('signatoryList', () => {
  it('splits lines, semicolons, or commas when neither is used', () => {
    expect(signatoryList(' FILCAMS-CGIL; FISASCAT-CISL;UILTUCS ')).toEqual([
      'FILCAMS-CGIL',
      'FISASCAT-CISL',
      'UILTUCS',
    ])
    expect(signatoryList('Confcommercio\nConfesercenti')).toEqual(['Confcommercio', 'Confesercenti'])
    expect(signatoryList('FLAI-CGIL, FAI-CISL, UILA-UIL')).toEqual(['FLAI-CGIL', 'FAI-CISL', 'UILA-UIL'])
    expect(signatoryList('Confcommercio, Imprese per l’Italia;  Federdistribuzione')).toEqual([
      'Confcommercio, Imprese per l’Italia',
      'Federdistribuzione',
    ])
    expect(signatoryList(null)).toEqual([])
  })
})

describe('validityOn', () => {
  it('tells expired (ultrattività) from in force', () => {
    expect(validityOn('2024-06-30T00:00:00.000Z', '2026-11-27')).toEqual({
      state: 'expired',
      on: '2024-06-30',
    })
    expect(validityOn('2027-03-31', '2026-11-27')).toEqual({ state: 'inForce', on: '2027-03-31' })
    expect(validityOn('2026-11-27', '2026-11-27')).toEqual({ state: 'inForce', on: '2026-11-27' })
    expect(validityOn(null, '2026-11-27')).toBeNull()
  })
})
