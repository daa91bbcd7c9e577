import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { cnelRecord, isApprenticeLevel, recordSchemas, splitLevels } from './index.ts'

describe('record schemas', () => {
  it('reads CSV cells (all strings) into typed records', () => {
    const parsed = recordSchemas.payTables.parse({
      categoryCode: '1001',
      effectiveDate: '2024-04-01',
      levels: '[{"code":"1","description":"Primo livello","basePay":"1.834,49","hourlyDivisor":"168"}]',
    })
    expect(parsed.categoryCode).toBe(1001)
    expect(parsed.levels[0]).toEqual({
      code: '1',
      description: 'Primo livello',
      basePay: 1834.49,
      costOfLiving: 0,
      thirdElement: 0,
      otherElements: [],
      seniorityStep: 0,
      hourlyDivisor: 168,
      dailyDivisor: 0,
      hoursPerDay: 0,
    })
  })

  it('reads a contract’s application figures, and refuses one that is not a whole number', () => {
    const base = { code: '133', sectorCode: '11', title: 'CCNL Terziario' }
    const parsed = recordSchemas.contracts.parse({
      ...base,
      employers: '2.203',
      employees: 146322,
      applicationSource: 'CNEL-INPS, flussi Uniemens 2023',
    })
    expect(parsed).toMatchObject({ employers: 2203, employees: 146322 })
    expect(recordSchemas.contracts.parse({ ...base, employers: '' }).employers).toBeUndefined()
    const wrong = recordSchemas.contracts.safeParse({ ...base, employees: 'molti' })
    expect(wrong.success).toBe(false)
    expect(wrong.error?.issues[0]).toMatchObject({ path: ['employees'], message: 'atteso un numero intero' })
  })

  it('reads the other elements of a level and the hours of a day of a worker paid by the hour', () => {
    const parsed = recordSchemas.payTables.parse({
      categoryCode: '23',
      effectiveDate: '2026-03-01',
      levels:
        '[{"code":"7","description":"Settimo","basePay":"873,22","otherElements":[{"name":"EDR","amount":"5,16"}],"hoursPerDay":"8"}]',
    })
    expect(parsed.levels[0]).toMatchObject({ otherElements: [{ name: 'EDR', amount: 5.16 }], hoursPerDay: 8 })
    const bad = recordSchemas.payTables.safeParse({
      categoryCode: 23,
      effectiveDate: '2026-03-01',
      levels: [
        { code: '1', description: 'Primo', basePay: 1, hoursPerDay: 25, otherElements: [{ name: '' }] },
      ],
    })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['levels.0.hoursPerDay', 'levels.0.otherElements.0.name']),
    )
  })

  it('reads the decorrenza of a text, when it has one', () => {
    const text = {
      code: 1331,
      contractCode: 133,
      scope: 'national',
      edition: 'consolidated',
      typeCode: 'CCNL',
      title: 'Testo consolidato',
      date: '2024-03-22',
      html: '<p>Testo</p>',
    }
    expect(recordSchemas.contractTexts.parse({ ...text, effectiveDate: '2023-04-01' }).effectiveDate).toBe(
      '2023-04-01',
    )
    expect(recordSchemas.contractTexts.parse({ ...text, effectiveDate: '' }).effectiveDate).toBeUndefined()
    expect(recordSchemas.contractTexts.safeParse({ ...text, effectiveDate: '31/02/2023' }).success).toBe(
      false,
    )
  })

  it('refuses a pay table with a repeated level code', () => {
    const result = recordSchemas.payTables.safeParse({
      categoryCode: 1,
      effectiveDate: '2024-01-01',
      levels: [
        { code: '1', description: 'Primo', basePay: 1 },
        { code: '1', description: 'Doppio', basePay: 2 },
      ],
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('livello 1 ripetuto')
  })

  it('reads the una tantum of a pay table, with its defaults, and refuses a reversed period', () => {
    const levels = [{ code: '1', description: 'Primo', basePay: 1 }]
    const parsed = recordSchemas.payTables.parse({
      categoryCode: 1,
      effectiveDate: '2024-04-01',
      levels,
      unaTantum:
        '[{"amount":"350,00","entitledOn":"2024-04-01","paidOn":"2024-07-31","periodFrom":"2023-01-01","periodTo":"2024-03-31"}]',
    })
    expect(parsed.unaTantum).toEqual([
      {
        amount: 350,
        entitledOn: '2024-04-01',
        paidOn: '2024-07-31',
        periodFrom: '2023-01-01',
        periodTo: '2024-03-31',
        partTime: 'proportional',
        service: 'months',
      },
    ])
    expect(
      recordSchemas.payTables.parse({ categoryCode: 1, effectiveDate: '2024-04-01', levels }).unaTantum,
    ).toEqual([])
    const reversed = recordSchemas.payTables.safeParse({
      categoryCode: 1,
      effectiveDate: '2024-04-01',
      levels,
      unaTantum: [
        {
          amount: 1,
          entitledOn: '2024-04-01',
          paidOn: '2024-04-01',
          periodFrom: '2024-01-01',
          periodTo: '2023-01-01',
        },
      ],
    })
    expect(reversed.error?.issues[0]?.message).toBe(
      'la fine del periodo di riferimento precede il suo inizio',
    )
  })

  it('refuses impossible dates and non-positive codes', () => {
    expect(recordSchemas.categories.safeParse({ code: 0, contractCode: 1, name: 'x' }).success).toBe(false)
    expect(
      recordSchemas.payTables.safeParse({ categoryCode: 1, effectiveDate: '2024-02-30', levels: [] }).success,
    ).toBe(false)
  })

  it('checks where contract texts belong', () => {
    const base = {
      code: 1,
      contractCode: 1,
      typeCode: 'CCNL',
      title: 'T',
      date: '2024-01-01',
      html: '<p>x</p>',
    }
    expect(
      recordSchemas.contractTexts.safeParse({ ...base, scope: 'national', edition: 'consolidated' }).success,
    ).toBe(true)
    expect(recordSchemas.contractTexts.safeParse({ ...base, scope: 'national' }).success).toBe(false)
    expect(recordSchemas.contractTexts.safeParse({ ...base, scope: 'territorial' }).success).toBe(false)
    expect(
      recordSchemas.contractTexts.safeParse({ ...base, scope: 'territorial', provinceCode: 'RM' }).success,
    ).toBe(true)
    expect(recordSchemas.contractTexts.safeParse({ ...base, scope: 'company' }).success).toBe(false)
    expect(recordSchemas.contractTexts.safeParse({ ...base, scope: 'company', companyCode: 9 }).success).toBe(
      true,
    )
  })

  it('requires exactly one of province and company on territorial tables', () => {
    const base = { code: 'T1', categoryCode: 1, effectiveDate: '2024-01-01', title: 'T', html: '' }
    expect(recordSchemas.territorialPayTables.safeParse(base).success).toBe(false)
    expect(
      recordSchemas.territorialPayTables.safeParse({ ...base, provinceCode: 'RM', companyCode: 3 }).success,
    ).toBe(false)
    expect(recordSchemas.territorialPayTables.safeParse({ ...base, provinceCode: 'RM' }).success).toBe(true)
  })

  it('accepts only URL-safe news slugs and defaults the tags', () => {
    const base = {
      guid: '3f0c1f8e-8f2a-4c55',
      title: 'T',
      date: '2024-01-01',
      type: 'news',
      html: '<p>x</p>',
    }
    expect(recordSchemas.news.safeParse({ ...base, slug: 'Rinnovo CCNL' }).success).toBe(false)
    const parsed = recordSchemas.news.parse({ ...base, slug: 'rinnovo-ccnl-2024' })
    expect(parsed.sectorCodes).toEqual([])
    expect(parsed.contractCodes).toEqual([])
  })

  it('treats null optional fields as absent', () => {
    const parsed = recordSchemas.summaries.parse({
      categoryCode: 1,
      type: 'sfere',
      title: 'Sfere',
      html: '<p>x</p>',
      nav: null,
      pdf: null,
      demo: null,
    })
    expect([parsed.nav, parsed.pdf, parsed.demo]).toEqual([[], undefined, false])
    expect(
      recordSchemas.news.parse({
        guid: 'abcdef12',
        slug: 'a',
        title: 'T',
        date: '2024-01-01',
        type: 'news',
        html: '',
        attachment: null,
      }).attachment,
    ).toBeUndefined()
  })

  it('gives Italian messages with the Italian locale', () => {
    const result = recordSchemas.sectors.safeParse(
      { code: 'x', name: 'A' },
      { error: z.locales.it().localeError },
    )
    expect(result.error?.issues[0]?.message).toMatch(/atteso numero/)
  })
})

describe('CNEL archive record', () => {
  it('trims stray whitespace, keeps the day of the timestamps and collects the flags', () => {
    const record = cnelRecord.parse({
      id: ' h011 ',
      titolo: '  CCNL   per i dipendenti del terziario  ',
      firmatari_datoriali: 'Confcommercio ',
      firmatari_sindacali: '',
      primo_deposito: '2015-04-30 00:00:00',
      scadenza_contrattuale: '2027-03-31 00:00:00',
      settore: ' TERZIARIO E SERVIZI ',
      vigente: true,
      pubblico: false,
    })
    expect(record).toEqual({
      cnelCode: 'H011',
      title: 'CCNL per i dipendenti del terziario',
      employerSignatories: 'Confcommercio',
      unionSignatories: undefined,
      firstFiledOn: '2015-04-30',
      expiresOn: '2027-03-31',
      sectorName: 'TERZIARIO E SERVIZI',
      representativeness: {
        representedAtCnel: false,
        employerSideAtCnel: false,
        unionSideAtCnel: false,
        confederations: [],
      },
      flags: { vigente: true, pubblico: false },
    })
  })

  it('refuses a record without code or with an impossible date', () => {
    expect(cnelRecord.safeParse({ titolo: 'x', settore: 'A' }).success).toBe(false)
    expect(
      cnelRecord.safeParse({
        id: 'A1',
        titolo: 'x',
        settore: 'A',
        scadenza_contrattuale: '2027-13-01 00:00:00',
      }).success,
    ).toBe(false)
  })
})

describe('pay levels', () => {
  it('treats levels whose description contains "appr" as apprentices', () => {
    const levels = [
      { description: 'Primo livello' },
      { description: 'Apprendista 2° livello' },
      { description: 'APPRENDISTATO' },
    ]
    expect(levels.map(isApprenticeLevel)).toEqual([false, true, true])
    expect(splitLevels(levels).apprentices).toHaveLength(2)
  })
})
