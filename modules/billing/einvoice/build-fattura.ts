/**
 * An issued invoice as a FatturaPA file (formato FPR12, fattura tra privati,
 * for businesses and consumers alike): DatiTrasmissione, the seller
 * (CedentePrestatore, with REA and regime fiscale), the buyer
 * (CessionarioCommittente: P.IVA or codice fiscale, address, PEC or codice
 * destinatario), the lines, the VAT summary by rate, the card payment. A
 * credit note (TD04) names the invoice it corrects (DatiFattureCollegate).
 *
 * The amounts are the invoice's own: the lines' taxable amounts are its net
 * (`total_excluding_tax`) spread over the lines, so their sum is exactly the
 * ImponibileImporto of the summary and the summary's Imposta is exactly the
 * VAT charged. The XML is written by `fpa2xml` of `@digitalia/fatturapa`,
 * which does not escape text: every value goes through `fatturaValues`
 * (fattura-values.ts) first, which checks it against its element's rule,
 * reduces text to what the format accepts and escapes it; a value that breaks
 * its rule refuses the file with the field named. Here the values are written
 * as the document holds them, never silently replaced.
 */
import { fpa2xml } from '@digitalia/fatturapa'
import { ITALY } from '../../italian-identifiers/index.ts'
import { it } from '../../i18n/index.ts'
import type { InvoiceDocument } from '../invoice-pdf.ts'
import { formatInvoiceNumber } from '../invoice-number.ts'
import { fatturaValues } from './fattura-values.ts'
import type { FatturaKind } from './queue-fattura.ts'

/** Who transmits the file to SDI (IdTrasmittente) and the file's progressivo. */
export type FatturaTransmission = {
  /** ProgressivoInvio: 1-10 letters or digits, never the same twice for the transmitter. */
  progressive: string
}

/** The invoice a credit note corrects. */
export type RelatedInvoice = { number: string; date: Date }

export type FatturaInput = {
  kind: FatturaKind
  document: InvoiceDocument
  transmission: FatturaTransmission
  /** TD04 only: the invoice corrected. */
  related?: RelatedInvoice
}

export const FATTURA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2'

const romeDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** 'AAAA-MM-GG' of a moment, in Italian time. */
export function fatturaDate(moment: Date): string {
  return romeDay.format(moment)
}

/** Cents as FatturaPA writes amounts: '12.34', '-0.50'. */
export function fatturaAmount(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** The seller's REA ('RM-1234567', 'RM 1234567'): office and number, or null when not in that form. */
export function reaParts(rea: string): { office: string; number: string } | null {
  const match = /^([A-Za-z]{2})[\s\-/]*([A-Za-z0-9]{1,20})$/.exec(rea.trim())
  return match?.[1] && match[2] ? { office: match[1].toUpperCase(), number: match[2] } : null
}

/** The share capital as an amount ('10.000,00 € i.v.' → '10000.00'), or null. */
export function shareCapitalAmount(value: string | null): string | null {
  if (!value) return null
  const digits = /[\d.,]+/.exec(value)?.[0]
  if (!digits) return null
  const normalized = digits.includes(',') ? digits.replace(/\./g, '').replace(',', '.') : digits
  const amount = Number(normalized)
  return Number.isFinite(amount) && amount > 0 ? fatturaAmount(Math.round(amount * 100)) : null
}

/** The lines' taxable amounts (cents), summing exactly to the invoice's net. */
function lineNets(document: InvoiceDocument): { description: string; quantity: number; net: number }[] {
  const rate = document.taxes[0]?.percentage ?? 0
  const gross = document.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity || 1,
    amount: line.amount,
  }))
  if (document.discount > 0)
    gross.push({ description: it.invoices.document.discount, quantity: 1, amount: -document.discount })
  const nets = gross.map((line) => ({
    ...line,
    net: document.taxIncluded ? Math.round((line.amount * 100) / (100 + rate)) : line.amount,
  }))
  // Rounding difference (a cent or two) on the largest line: the lines add up to the invoice's net.
  const difference = document.taxable - nets.reduce((sum, line) => sum + line.net, 0)
  if (difference !== 0 && nets.length > 0) {
    const largest = nets.reduce((best, line) => (Math.abs(line.net) > Math.abs(best.net) ? line : best))
    largest.net += difference
  }
  return nets
}

function unitPrice(net: number, quantity: number): string {
  if (quantity === 1) return fatturaAmount(net)
  const value = (net / 100 / quantity).toFixed(8).replace(/(\.\d\d\d*?)0+$/, '$1')
  return value
}

function sellerBlock(document: InvoiceDocument) {
  const { seller } = document
  const rea = reaParts(seller.reaNumber)
  const capital = shareCapitalAmount(seller.shareCapital)
  const italian = seller.country.toUpperCase() === ITALY
  return {
    DatiAnagrafici: {
      IdFiscaleIVA: {
        IdPaese: seller.country.toUpperCase(),
        IdCodice: seller.vatNumber.replace(/^IT(?=\d{11}$)/i, ''),
      },
      CodiceFiscale: italian ? seller.fiscalCode : undefined,
      Anagrafica: { Denominazione: seller.companyName },
      RegimeFiscale: seller.taxRegime,
    },
    Sede: {
      Indirizzo: seller.street,
      CAP: italian ? seller.postalCode : '00000',
      Comune: seller.city,
      Provincia: italian ? seller.province.toUpperCase() : undefined,
      Nazione: seller.country.toUpperCase(),
    },
    IscrizioneREA: rea
      ? {
          Ufficio: rea.office,
          NumeroREA: rea.number,
          CapitaleSociale: capital ?? undefined,
          StatoLiquidazione: 'LN',
        }
      : undefined,
    Contatti: { Email: seller.pec },
  }
}

function buyerBlock(document: InvoiceDocument) {
  const { buyer } = document
  const country = (buyer.country ?? ITALY).trim().toUpperCase()
  const italian = country === ITALY
  const vatNumber = buyer.vatNumber
    ?.replace(/\s+/g, '')
    .toUpperCase()
    // The country prefix of a VAT number ('IT', 'DE') is IdPaese's, not IdCodice's.
    .replace(/^[A-Z]{2}(?=\d)/, '')
  const fiscalCode = buyer.fiscalCode?.replace(/\s+/g, '').toUpperCase()
  return {
    DatiAnagrafici: {
      IdFiscaleIVA: vatNumber ? { IdPaese: country, IdCodice: vatNumber } : undefined,
      // A consumer in Italy is known by the codice fiscale; a business may give both.
      CodiceFiscale: italian && fiscalCode ? fiscalCode : undefined,
      Anagrafica: { Denominazione: buyer.name || buyer.email || '-' },
    },
    Sede: {
      Indirizzo: buyer.street || '-',
      // Abroad the format asks for '00000' when the postal code is not Italian.
      CAP: italian ? (buyer.postalCode?.trim() ?? '') : '00000',
      Comune: buyer.city || '-',
      Provincia: italian ? buyer.province?.trim().toUpperCase() : undefined,
      Nazione: country,
    },
  }
}

/** The FatturaPA document as the object `fpa2xml` writes (element order is the schema's). */
export function fatturaObject(input: FatturaInput) {
  const { document, kind } = input
  const rate = document.taxes[0]?.percentage ?? 0
  const vat = document.taxes.reduce((sum, tax) => sum + tax.amount, 0)
  const recipientCode = document.buyer.recipientCode
  const pec = recipientCode === '0000000' && document.buyer.pec ? document.buyer.pec : undefined
  const lines = lineNets(document)
  const number = formatInvoiceNumber(document.number)
  return {
    'p:FatturaElettronica': {
      '@': {
        versione: 'FPR12',
        'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
        'xmlns:p': FATTURA_NAMESPACE,
        'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      },
      FatturaElettronicaHeader: {
        DatiTrasmissione: {
          IdTrasmittente: { IdPaese: ITALY, IdCodice: document.seller.fiscalCode },
          ProgressivoInvio: input.transmission.progressive,
          FormatoTrasmissione: 'FPR12',
          CodiceDestinatario: recipientCode,
          PECDestinatario: pec,
        },
        CedentePrestatore: sellerBlock(document),
        CessionarioCommittente: buyerBlock(document),
      },
      FatturaElettronicaBody: {
        DatiGenerali: {
          DatiGeneraliDocumento: {
            TipoDocumento: kind,
            Divisa: 'EUR',
            Data: fatturaDate(document.number.issuedAt),
            Numero: number,
            ImportoTotaleDocumento: fatturaAmount(document.total),
            Causale:
              kind === 'TD04' && input.related
                ? it.invoices.einvoice.creditNoteReason(input.related.number)
                : undefined,
          },
          DatiFattureCollegate:
            kind === 'TD04' && input.related
              ? { IdDocumento: input.related.number, Data: fatturaDate(input.related.date) }
              : undefined,
        },
        DatiBeniServizi: {
          DettaglioLinee: lines.map((line, index) => ({
            NumeroLinea: String(index + 1),
            Descrizione: line.description || 'Abbonamento',
            Quantita: line.quantity === 1 ? undefined : line.quantity.toFixed(2),
            PrezzoUnitario: unitPrice(line.net, line.quantity),
            PrezzoTotale: fatturaAmount(line.net),
            AliquotaIVA: rate.toFixed(2),
          })),
          DatiRiepilogo: {
            AliquotaIVA: rate.toFixed(2),
            ImponibileImporto: fatturaAmount(document.taxable),
            Imposta: fatturaAmount(vat),
            // VAT due at once (immediata).
            EsigibilitaIVA: 'I',
          },
        },
        DatiPagamento:
          kind === 'TD01'
            ? {
                // Paid in full by card.
                CondizioniPagamento: 'TP02',
                DettaglioPagamento: {
                  ModalitaPagamento: 'MP08',
                  DataScadenzaPagamento: fatturaDate(document.number.issuedAt),
                  ImportoPagamento: fatturaAmount(document.total),
                },
              }
            : undefined,
      },
    },
  }
}

/**
 * The FatturaPA XML of the document, every value checked and escaped by
 * `fatturaValues` (a value that breaks its rule throws `FatturaDataError`,
 * naming the field); the whole file is then checked against the XSD by `validateFattura`.
 */
export function buildFattura(input: FatturaInput): string {
  return fpa2xml(fatturaValues(fatturaObject(input)), { validate: false })
}

/** The file's name for SDI: IT + the transmitter's id + '_' + the progressivo, '.xml'. */
export function fatturaFileName(document: InvoiceDocument, progressive: string): string {
  return `${ITALY}${document.seller.fiscalCode}_${progressive}.xml`
}
