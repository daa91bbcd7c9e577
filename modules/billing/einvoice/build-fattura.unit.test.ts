/**
 * One FatturaPA file of each kind of buyer, and a credit note, valid against
 * the official schema, with the figures an SDI check recomputes.
 */
import { fpa2js } from '@digitalia/fatturapa'
import { describe, expect, it } from 'vitest'
import { completeSeller } from '../../italian-identifiers/index.ts'
import { TEST_SELLER } from '../../../tests/fixtures/seller.ts'
import type { InvoiceBuyer, InvoiceDocument } from '../invoice-pdf.ts'
import { buildFattura, fatturaAmount, reaParts, shareCapitalAmount } from './build-fattura.ts'
import { FatturaDataError, fatturaText } from './fattura-values.ts'
import { validateFattura } from './validate-fattura.ts'

const seller = completeSeller(TEST_SELLER)
if (!seller) throw new Error('TEST_SELLER incompleto')

const noCodes = { vatNumber: null, fiscalCode: null, pec: null, email: 'cliente@example.it' }

const buyers: Record<string, InvoiceBuyer> = {
  consumer: {
    ...noCodes,
    name: 'Mario Rossi',
    street: 'Via Garibaldi 1',
    postalCode: '10121',
    city: 'Torino',
    province: 'TO',
    country: 'IT',
    fiscalCode: 'RSSMRA80A01L219M',
    recipientCode: '0000000',
  },
  businessWithCode: {
    ...noCodes,
    name: 'Studio Bianchi & Associati S.r.l.',
    street: 'Corso Buenos Aires 10',
    postalCode: '20124',
    city: 'Milano',
    province: 'MI',
    country: 'IT',
    vatNumber: '01234560017',
    fiscalCode: '01234560017',
    recipientCode: 'M5UXCR1',
  },
  businessWithPec: {
    ...noCodes,
    name: 'Verdi Consulenza S.n.c.',
    street: 'Piazza Maggiore 3',
    postalCode: '40124',
    city: 'Bologna',
    province: 'BO',
    country: 'IT',
    vatNumber: '02456780150',
    pec: 'verdi@pec.example.it',
    recipientCode: '0000000',
  },
  foreign: {
    ...noCodes,
    name: 'Müller Lohnbüro GmbH',
    street: 'Friedrichstraße 123',
    postalCode: '10117',
    city: 'Berlin',
    province: 'Berlin',
    country: 'DE',
    vatNumber: 'DE123456789',
    recipientCode: 'XXXXXXX',
  },
}

/** Premium monthly at the launch price: 9,99 € VAT included (8,19 € + 1,80 €), the coupon on a 19,99 € line. */
function documentFor(buyer: InvoiceBuyer): InvoiceDocument {
  return {
    number: { year: 2026, number: 42, issuedAt: new Date('2026-11-26T23:30:00Z') },
    seller: seller!,
    buyer,
    lines: [
      {
        description: 'Abbonamento Premium mensile',
        periodStart: 1_795_000_000,
        periodEnd: 1_797_592_000,
        quantity: 1,
        amount: 1999,
      },
    ],
    taxIncluded: true,
    subtotal: 1999,
    discount: 1000,
    taxable: 819,
    taxes: [{ percentage: 22, amount: 180 }],
    total: 999,
    card: { brand: 'visa', last4: '4242' },
    stripe: { id: 'in_test', number: 'ABC-0001' },
  }
}

type Parsed = Record<string, unknown>
/** The file read back by the package's parser (the root element's content; text as written, not unescaped). */
const parse = (xml: string) =>
  ({ 'p:FatturaElettronica': fpa2js(xml, { validate: false, valuesOnly: true }) }) as Parsed
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value)

async function expectValid(xml: string) {
  const validation = await validateFattura(xml)
  expect(validation.problems).toEqual([])
  expect(validation.valid).toBe(true)
}

describe('FatturaPA file', () => {
  it.each(Object.entries(buyers))(
    'is valid against the official schema for a %s buyer',
    async (_kind, buyer) => {
      const xml = buildFattura({
        kind: 'TD01',
        document: documentFor(buyer),
        transmission: { progressive: '0000A' },
      })
      await expectValid(xml)
    },
  )

  it('names the buyer by codice fiscale, codice destinatario or PEC as SDI expects', () => {
    const header = (buyer: InvoiceBuyer) =>
      at(
        parse(
          buildFattura({ kind: 'TD01', document: documentFor(buyer), transmission: { progressive: '1' } }),
        ),
        'p:FatturaElettronica',
        'FatturaElettronicaHeader',
      )

    const consumer = header(buyers.consumer!)
    expect(at(consumer, 'DatiTrasmissione', 'CodiceDestinatario')).toBe('0000000')
    expect(at(consumer, 'CessionarioCommittente', 'DatiAnagrafici', 'CodiceFiscale')).toBe('RSSMRA80A01L219M')
    expect(at(consumer, 'CessionarioCommittente', 'DatiAnagrafici', 'IdFiscaleIVA')).toBeUndefined()

    const coded = header(buyers.businessWithCode!)
    expect(at(coded, 'DatiTrasmissione', 'CodiceDestinatario')).toBe('M5UXCR1')
    expect(at(coded, 'DatiTrasmissione', 'PECDestinatario')).toBeUndefined()
    expect(at(coded, 'CessionarioCommittente', 'DatiAnagrafici', 'IdFiscaleIVA', 'IdCodice')).toBe(
      '01234560017',
    )
    // The ampersand of the name is escaped, not dropped.
    expect(at(coded, 'CessionarioCommittente', 'DatiAnagrafici', 'Anagrafica', 'Denominazione')).toBe(
      'Studio Bianchi &amp; Associati S.r.l.',
    )

    const pec = header(buyers.businessWithPec!)
    expect(at(pec, 'DatiTrasmissione', 'CodiceDestinatario')).toBe('0000000')
    expect(at(pec, 'DatiTrasmissione', 'PECDestinatario')).toBe('verdi@pec.example.it')

    const foreign = header(buyers.foreign!)
    expect(at(foreign, 'DatiTrasmissione', 'CodiceDestinatario')).toBe('XXXXXXX')
    expect(at(foreign, 'CessionarioCommittente', 'DatiAnagrafici', 'IdFiscaleIVA')).toEqual({
      IdPaese: 'DE',
      IdCodice: '123456789',
    })
    expect(at(foreign, 'CessionarioCommittente', 'Sede', 'CAP')).toBe('00000')
    expect(at(foreign, 'CessionarioCommittente', 'Sede', 'Provincia')).toBeUndefined()
  })

  it('carries the number, date in Rome, VAT summary and card payment of the invoice', () => {
    const doc = parse(
      buildFattura({
        kind: 'TD01',
        document: documentFor(buyers.consumer!),
        transmission: { progressive: '7' },
      }),
    )
    const body = at(doc, 'p:FatturaElettronica', 'FatturaElettronicaBody')
    const general = at(body, 'DatiGenerali', 'DatiGeneraliDocumento')
    expect(general).toMatchObject({ TipoDocumento: 'TD01', Divisa: 'EUR', Numero: '42/2026' })
    // 23:30 UTC on 26 November is already the 27th in Rome.
    expect(at(general, 'Data')).toBe('2026-11-27')
    expect(at(general, 'ImportoTotaleDocumento')).toBe('9.99')
    const lines = at(body, 'DatiBeniServizi', 'DettaglioLinee') as { PrezzoTotale: string }[]
    // The lines' taxable amounts add up to the summary's, which with its VAT is the total.
    const sum = lines.reduce((total, line) => total + Math.round(Number(line.PrezzoTotale) * 100), 0)
    expect(sum).toBe(819)
    expect(at(body, 'DatiBeniServizi', 'DatiRiepilogo')).toMatchObject({
      AliquotaIVA: '22.00',
      ImponibileImporto: '8.19',
      Imposta: '1.80',
      EsigibilitaIVA: 'I',
    })
    expect(Math.abs(819 * 0.22 - 180)).toBeLessThanOrEqual(1)
    expect(at(body, 'DatiPagamento', 'DettaglioPagamento')).toMatchObject({
      ModalitaPagamento: 'MP08',
      ImportoPagamento: '9.99',
    })
    const seller = at(doc, 'p:FatturaElettronica', 'FatturaElettronicaHeader', 'CedentePrestatore')
    expect(at(seller, 'DatiAnagrafici', 'RegimeFiscale')).toBe('RF01')
    expect(at(seller, 'IscrizioneREA')).toMatchObject({
      Ufficio: 'RM',
      NumeroREA: '1234567',
      CapitaleSociale: '10000.00',
    })
  })

  it('makes a valid credit note (TD04) that names the invoice it corrects', async () => {
    const xml = buildFattura({
      kind: 'TD04',
      document: {
        ...documentFor(buyers.businessWithCode!),
        number: { year: 2026, number: 43, issuedAt: new Date('2026-12-02T10:00:00Z') },
      },
      transmission: { progressive: '0000B' },
      related: { number: '42/2026', date: new Date('2026-11-26T23:30:00Z') },
    })
    await expectValid(xml)
    const doc = parse(xml)
    const general = at(doc, 'p:FatturaElettronica', 'FatturaElettronicaBody', 'DatiGenerali')
    expect(at(general, 'DatiGeneraliDocumento', 'TipoDocumento')).toBe('TD04')
    expect(at(general, 'DatiFattureCollegate')).toEqual({ IdDocumento: '42/2026', Data: '2026-11-27' })
    expect(at(doc, 'p:FatturaElettronica', 'FatturaElettronicaBody', 'DatiPagamento')).toBeUndefined()
  })

  it('is refused by the schema when a rule the value layer does not know is broken', async () => {
    const xml = buildFattura({
      kind: 'TD01',
      document: documentFor(buyers.consumer!),
      transmission: { progressive: '0000A' },
    }).replace('<TipoDocumento>TD01</TipoDocumento>', '<TipoDocumento>TD99</TipoDocumento>')
    const validation = await validateFattura(xml)
    expect(validation.valid).toBe(false)
    expect(validation.problems.map((problem) => problem.message).join('\n')).toMatch(/TipoDocumento/)
  })

  describe('every value through one checking and escaping layer (third attack round)', () => {
    const refusal = (buyer: InvoiceBuyer, progressive = '0000A') => {
      try {
        buildFattura({ kind: 'TD01', document: documentFor(buyer), transmission: { progressive } })
      } catch (error) {
        if (error instanceof FatturaDataError) return error
        throw error
      }
      throw new Error('file written')
    }

    it('refuses a country that is not an ISO 3166 code, naming the party and the field', () => {
      const error = refusal({ ...buyers.foreign!, country: 'Germania' })
      expect(error.problems.map((problem) => problem.field)).toEqual([
        'Acquirente › Paese della partita IVA (IdPaese)',
        'Acquirente › Paese (Nazione)',
      ])
      expect(error.message).toMatch(
        /Acquirente › Paese della partita IVA \(IdPaese\): «GERMANIA» non è un codice ISO 3166 di due lettere/,
      )
      // Two capital letters that are no country are refused too.
      expect(refusal({ ...buyers.foreign!, country: 'QQ' }).problems[0]?.reason).toMatch(/«QQ»/)
    })

    it('refuses an Italian buyer’s CAP, province or codice fiscale in the wrong form instead of replacing it', () => {
      const error = refusal({ ...buyers.consumer!, postalCode: '1012', province: 'Torino', fiscalCode: 'X' })
      expect(error.problems.map((problem) => problem.field)).toEqual([
        'Acquirente › Codice fiscale (CodiceFiscale)',
        'Acquirente › CAP',
        'Acquirente › Provincia (sigla)',
      ])
      expect(refusal(buyers.consumer!, 'not-valid-progressivo').problems[0]?.field).toBe(
        'Trasmissione › Progressivo di invio',
      )
    })

    it('escapes < & ]]> " and apostrophes in every text and stays valid', async () => {
      const hostile = `Rossi & <Figli> ]]> "Srl" l'Aquila`
      const xml = buildFattura({
        kind: 'TD01',
        document: documentFor({ ...buyers.businessWithCode!, name: hostile, street: hostile, city: hostile }),
        transmission: { progressive: '0000B' },
      })
      expect(xml).not.toContain(']]>')
      expect(xml).not.toContain('<Figli>')
      expect(xml).toContain('Rossi &amp; &lt;Figli&gt; ]]&gt; &quot;Srl&quot; l&apos;Aquila')
      await expectValid(xml)
    })
  })

  it('writes amounts, Latin-1 text, REA and share capital as the format wants', () => {
    expect(fatturaAmount(999)).toBe('9.99')
    expect(fatturaAmount(-5)).toBe('-0.05')
    expect(fatturaText('Caffè “Ł” & <co>', 80)).toBe('Caffè ??? & <co>')
    expect(reaParts('RM-1234567')).toEqual({ office: 'RM', number: '1234567' })
    expect(reaParts('not a rea')).toBeNull()
    expect(shareCapitalAmount('10.000,00 € i.v.')).toBe('10000.00')
    expect(shareCapitalAmount(null)).toBeNull()
  })
})
