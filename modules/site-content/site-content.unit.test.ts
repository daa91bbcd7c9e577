import { describe, expect, it } from 'vitest'
import { enterpriseEnquirySchema, parseForm, productEnquirySchema } from './schemas.ts'
import { firstWord, paragraphs } from './text.ts'

describe('plain-text blocks', () => {
  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    expect(paragraphs('Primo\nparagrafo.\n\n  Secondo.  \n\n\n')).toEqual(['Primo paragrafo.', 'Secondo.'])
    expect(paragraphs(null)).toEqual([])
  })

  it('takes the first word of the display name, else the e-mail', () => {
    expect(firstWord('Giulia Bianchi')).toBe('Giulia')
    expect(firstWord('  ', 'mario.rossi@esempio.it')).toBe('mario.rossi')
  })
})

describe('request forms', () => {
  it('names every missing field of the information request in Italian', () => {
    const result = parseForm(productEnquirySchema, { product: 'werte' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toMatchObject({
      nome: 'Inserisci nome e cognome.',
      email: "Inserisci l'indirizzo email.",
      messaggio: 'Scrivi il tuo messaggio.',
      privacy: "Per inviare la richiesta accetta l'informativa sulla privacy.",
    })
  })

  it('accepts a complete request, trimming values and defaulting optional ones', () => {
    const result = parseForm(productEnquirySchema, {
      product: 'wertecolf',
      nome: '  Anna Verdi ',
      email: 'anna@esempio.it',
      messaggio: 'Vorrei informazioni.',
      privacy: 'on',
    })
    expect(result).toEqual({
      ok: true,
      data: {
        product: 'wertecolf',
        nome: 'Anna Verdi',
        email: 'anna@esempio.it',
        telefono: '',
        azienda: '',
        messaggio: 'Vorrei informazioni.',
        privacy: true,
      },
    })
  })

  it('refuses an unknown product, a bad phone and impossible seat counts', () => {
    expect(parseForm(productEnquirySchema, { product: 'altro' }).ok).toBe(false)
    const result = parseForm(enterpriseEnquirySchema, {
      azienda: 'ACME',
      nome: 'Ugo',
      email: 'ugo@acme.it',
      telefono: 'abc',
      postazioni: '0',
      privacy: 'on',
    })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.telefono).toBe('Il numero di telefono non è valido.')
    expect(result.errors.postazioni).toBe('Indica il numero di postazioni (da 1 a 10.000).')
  })
})
