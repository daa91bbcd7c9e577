import { describe, expect, it } from 'vitest'
import { contractSectionOf, parseDashboardPath, sectionPath } from './route.ts'

describe('dashboard addresses', () => {
  it('reads the contract, the category and every section suffix', () => {
    expect(parseDashboardPath('11', '133', undefined)).toEqual({
      sectorCode: 11,
      contractCode: 133,
      categoryCode: null,
      section: { kind: 'overview' },
    })
    const section = (rest: string) => parseDashboardPath('11', '133', rest)?.section
    expect(parseDashboardPath('11', '133', '19')?.categoryCode).toBe(19)
    expect(section('19/1')).toEqual({ kind: 'text' })
    expect(section('19/2')).toEqual({ kind: 'payTables' })
    expect(section('19/v2/2')).toEqual({ kind: 'payTables' })
    expect(section('19/3')).toEqual({ kind: 'summary', type: 'schedesintetiche' })
    expect(section('19/3/mansionari')).toEqual({ kind: 'summary', type: 'mansionari' })
    expect(section('19/4')).toEqual({ kind: 'classifications' })
    expect(section('19/5')).toEqual({ kind: 'territorial' })
    expect(section('19/0/fromFilters')).toEqual({ kind: 'news' })
    expect(section('19/0/ferie')).toEqual({ kind: 'search', text: 'ferie' })
    expect(section('2')).toEqual({ kind: 'overview' })
    expect(section('novita')).toEqual({ kind: 'changes' })
    expect(section('19/arretrati')).toEqual({ kind: 'arrears' })
    expect(section('19/costo-lavoro')).toEqual({ kind: 'labourCost' })
    expect(section('confronto-testi')).toEqual({ kind: 'redline' })
  })

  it('reads a suffix after the contract alone', () => {
    expect(contractSectionOf('2')).toEqual({ kind: 'payTables' })
    expect(contractSectionOf('3/mansionari')).toEqual({ kind: 'summary', type: 'mansionari' })
    expect(contractSectionOf('9')).toBeNull()
  })

  it('refuses anything else', () => {
    expect(parseDashboardPath('x', '133', undefined)).toBeNull()
    expect(parseDashboardPath('11', '133', '19/9')).toBeNull()
    expect(parseDashboardPath('11', '133', '19/3/altro')).toBeNull()
    expect(parseDashboardPath('11', '133', '19/1/2/3')).toBeNull()
  })

  it('builds the section addresses', () => {
    const base = '/bancadati/0/11/133/19'
    expect(sectionPath(base, { kind: 'summary', type: 'mansionari' })).toBe(`${base}/3/mansionari`)
    expect(sectionPath(base, { kind: 'search', text: 'ferie annuali' })).toBe(`${base}/0/ferie%20annuali`)
    expect(sectionPath(base, { kind: 'changes' })).toBe(`${base}/novita`)
    expect(sectionPath(base, { kind: 'arrears' })).toBe(`${base}/arretrati`)
    expect(sectionPath(base, { kind: 'labourCost' })).toBe(`${base}/costo-lavoro`)
    expect(sectionPath(base, { kind: 'redline' })).toBe(`${base}/confronto-testi`)
  })
})
