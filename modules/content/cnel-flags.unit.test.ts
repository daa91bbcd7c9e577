import { describe, expect, it } from 'vitest'
import { confederationNamed, parseFlag } from './cnel-flags.ts'
import { cnelRecord, recordSchemas } from './index.ts'

const agreement = {
  id: 'H011',
  titolo: 'CCNL terziario, distribuzione e servizi',
  settore: 'TERZIARIO E SERVIZI',
}

describe('flag cells', () => {
  it.each([
    [true, true],
    [false, false],
    [1, true],
    [0, false],
    ['SI', true],
    ['Sì', true],
    ['NO', false],
    ['S', true],
    ['n', false],
    ['X', true],
    ['x ', true],
    ['', false],
    [' ', false],
    ['true', true],
    ['FALSE', false],
    [null, false],
    [undefined, false],
  ])('reads %j as %s', (cell, expected) => {
    expect(parseFlag(cell)).toBe(expected)
  })

  it.each([['forse'], [2], [-1], [{}]])('does not read %j as a flag', (cell) => {
    expect(parseFlag(cell)).toBeUndefined()
  })

  it('knows the confederations by field, CNEL column and usual spelling', () => {
    expect(confederationNamed('CGIL-CISL-UIL')).toBe('cgilCislUil')
    expect(confederationNamed('cgil_cisl_uil')).toBe('cgilCislUil')
    expect(confederationNamed('Confcommercio')).toBe('confcommercio')
    expect(confederationNamed(' UGL ')).toBe('ugl')
    expect(confederationNamed('Confartigianato')).toBeUndefined()
  })
})

describe('the CNEL record', () => {
  it('maps the representativeness columns in their spreadsheet spellings', () => {
    const record = cnelRecord.parse({
      ...agreement,
      firmatari_datoriali: 'CONFCOMMERCIO; FEDERDISTRIBUZIONE',
      firmatari_sindacali: 'FILCAMS-CGIL;  FISASCAT-CISL;UILTUCS',
      rappresentato_al_cnel: 'SI',
      datoriale_cnel: 'S',
      sindacato_cnel: 1,
      cgil_cisl_uil: 'X',
      confindustria: '',
      confcommercio: 'true',
      ugl: 'NO',
      confsal: 0,
      cisal: false,
      vigente: 'SI',
      accordo_economico: 'N',
      nota: 'testo libero',
      vuoto: '',
    })
    expect(record.representativeness).toEqual({
      representedAtCnel: true,
      employerSideAtCnel: true,
      unionSideAtCnel: true,
      confederations: ['cgilCislUil', 'confcommercio'],
    })
    expect(record.employerSignatories).toBe('CONFCOMMERCIO\nFEDERDISTRIBUZIONE')
    expect(record.unionSignatories).toBe('FILCAMS-CGIL\nFISASCAT-CISL\nUILTUCS')
    // Every flag of the file, known or not, stays in the raw flags; text columns do not.
    expect(record.flags).toEqual({
      rappresentato_al_cnel: true,
      datoriale_cnel: true,
      sindacato_cnel: true,
      cgil_cisl_uil: true,
      confindustria: false,
      confcommercio: true,
      ugl: false,
      confsal: false,
      cisal: false,
      vigente: true,
      accordo_economico: false,
    })
  })

  it('reads missing representativeness columns as no', () => {
    expect(cnelRecord.parse(agreement).representativeness).toEqual({
      representedAtCnel: false,
      employerSideAtCnel: false,
      unionSideAtCnel: false,
      confederations: [],
    })
  })

  it('refuses a representativeness cell it cannot read, naming the column', () => {
    const result = cnelRecord.safeParse({ ...agreement, cgil_cisl_uil: 'forse' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.path).toEqual(['cgil_cisl_uil'])
    expect(result.error?.issues[0]?.message).toBe(
      'valore non riconosciuto per cgil_cisl_uil: atteso SI/NO, S/N, X o vuoto, 1/0, true/false',
    )
  })
})

describe('the package contract record', () => {
  const contract = { code: '10', sectorCode: '1', title: 'CCNL commercio' }

  it('reads the facts from CSV cells', () => {
    const record = recordSchemas.contracts.parse({
      ...contract,
      employerSignatories: 'Confcommercio, Federdistribuzione',
      unionSignatories: 'FILCAMS-CGIL; FISASCAT-CISL; UILTUCS',
      representedAtCnel: 'SI',
      employerSideAtCnel: 'X',
      unionSideAtCnel: '0',
      confederations: 'Confcommercio; CGIL-CISL-UIL',
    })
    expect(record).toMatchObject({
      employerSignatories: 'Confcommercio\nFederdistribuzione',
      unionSignatories: 'FILCAMS-CGIL\nFISASCAT-CISL\nUILTUCS',
      representedAtCnel: true,
      employerSideAtCnel: true,
      unionSideAtCnel: false,
      confederations: ['cgilCislUil', 'confcommercio'],
    })
  })

  it('reads the facts from JSON Lines and leaves them out when not given', () => {
    const record = recordSchemas.contracts.parse({
      ...contract,
      representedAtCnel: true,
      confederations: ['ugl', 'cisal'],
    })
    expect(record.confederations).toEqual(['ugl', 'cisal'])
    expect(record.employerSideAtCnel).toBeUndefined()
    const bare = recordSchemas.contracts.parse(contract)
    expect(bare.representedAtCnel).toBeUndefined()
    expect(bare.confederations).toBeUndefined()
  })

  it('names an unknown confederation', () => {
    const result = recordSchemas.contracts.safeParse({
      ...contract,
      confederations: 'CGIL-CISL-UIL; Confartigianato',
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(/^confederazione sconosciuta «Confartigianato»/)
  })
})
