import { describe, expect, it } from 'vitest'
import {
  addressUpdateBody,
  billingFormFromCustomer,
  billingFormSchema,
  customerCreateBody,
  emptyBillingForm,
  formFieldOf,
  provinceCode,
  type BillingFormValues,
} from './billing-form.ts'

const valid: BillingFormValues = {
  ...emptyBillingForm,
  name: 'Elena Prova',
  phone: '+39 06 5551234',
  address: 'Via Nazionale 10',
  city: 'Roma',
  zipCode: '00184',
  province: 'RM',
  fiscalCode: 'rmnlcu80a01h501m',
}

function messages(values: Partial<BillingFormValues>): Record<string, string> {
  const result = billingFormSchema.safeParse({ ...valid, ...values })
  if (result.success) return {}
  // The form shows the first problem of each field.
  const first: Record<string, string> = {}
  for (const issue of result.error.issues) first[String(issue.path[0])] ??= issue.message
  return first
}

describe('billing form', () => {
  it('accepts Italian data with a codice fiscale or a partita IVA', () => {
    expect(messages({})).toEqual({})
    expect(messages({ fiscalCode: '01114601006' })).toEqual({})
    expect(messages({ fiscalCode: 'IT 01114601006' })).toEqual({})
  })

  it('accepts an omocodic codice fiscale', () => {
    expect(messages({ fiscalCode: 'RMNLCU80A01H50PP' }).fiscalCode).toBeUndefined()
  })

  it('refuses a codice fiscale or a partita IVA with a wrong checksum', () => {
    const expected = 'Inserisci un codice fiscale o una partita IVA validi.'
    expect(messages({ fiscalCode: 'RMNLCU80A01H501X' }).fiscalCode).toBe(expected)
    expect(messages({ fiscalCode: '01114601007' }).fiscalCode).toBe(expected)
    expect(messages({ fiscalCode: 'ABC' }).fiscalCode).toBe(expected)
  })

  it('names every missing required field', () => {
    const result = messages({
      name: '',
      phone: '',
      address: '',
      city: '',
      zipCode: '',
      province: '',
      fiscalCode: '',
    })
    expect(result).toMatchObject({
      name: "Inserisci l'intestatario della fattura.",
      phone: 'Inserisci il numero di telefono.',
      address: "Inserisci l'indirizzo.",
      city: 'Inserisci la città.',
      zipCode: 'Inserisci il CAP.',
      province: 'Inserisci la provincia.',
      fiscalCode: 'Inserisci il codice fiscale o la partita IVA.',
    })
  })

  it('wants a five-digit CAP and a province of the ISTAT list in Italy', () => {
    expect(messages({ zipCode: '0018' }).zipCode).toBe('Il CAP deve essere di cinque cifre.')
    expect(messages({ zipCode: '00184a' }).zipCode).toBe('Il CAP deve essere di cinque cifre.')
    expect(messages({ province: 'ZZ' }).province).toBe('Seleziona una provincia dall’elenco.')
    expect(messages({ province: 'rm' })).toEqual({})
    expect(messages({ province: 'Roma' })).toEqual({})
  })

  it('takes a VAT number and a free province for another country', () => {
    const abroad = { state: 'FR', province: 'Île-de-France', zipCode: '75008', fiscalCode: 'FR40303265045' }
    expect(messages(abroad)).toEqual({})
    expect(messages({ ...abroad, fiscalCode: '1' }).fiscalCode).toBe('Inserisci una partita IVA valida.')
  })

  it('checks the optional PEC and codice univoco only when given', () => {
    expect(messages({ pec: '', uniqueCode: '' })).toEqual({})
    expect(messages({ pec: 'studio@pec.it', uniqueCode: 'm5uxcr1' })).toEqual({})
    expect(messages({ pec: 'non-una-pec' }).pec).toBe('Inserisci un indirizzo PEC valido.')
    expect(messages({ uniqueCode: 'AB' }).uniqueCode).toBe(
      'Il codice univoco è di 7 caratteri (6 per la pubblica amministrazione).',
    )
  })

  it('refuses a bad phone number', () => {
    expect(messages({ phone: 'telefono' }).phone).toBe('Inserisci un numero di telefono valido.')
  })
})

describe('billing API bodies', () => {
  it('sends upper-cased tax id and codice univoco, the province sigla and the country code', () => {
    const body = addressUpdateBody({
      ...valid,
      province: 'roma',
      state: 'Italia',
      uniqueCode: 'm5uxcr1',
      pec: '',
    })
    expect(body).toMatchObject({
      fiscalCode: 'RMNLCU80A01H501M',
      province: 'RM',
      state: 'IT',
      uniqueCode: 'M5UXCR1',
      pec: undefined,
    })
  })

  it('spells the checkout body as the customer/create call does', () => {
    const body = customerCreateBody(valid, {
      profession: 'avvocato',
      termsCheck: true,
      additionalTermsCheck: true,
    })
    expect(body).toMatchObject({
      fiscalcode: 'RMNLCU80A01H501M',
      professione: 'avvocato',
      termsCheck: true,
      additionalTermsCheck: true,
    })
    expect(body).not.toHaveProperty('fiscalCode')
  })

  it('fills the form from a customer and maps the server field names back', () => {
    const values = billingFormFromCustomer({
      id: 'cus_1',
      name: 'Studio Rossi',
      phone: '0612345',
      address: { city: 'Milano', line1: 'Via Roma 1', postalCode: '20121', country: 'IT', state: 'MI' },
      metadata: { 'Codice Fiscale': '', 'Partita IVA': '01114601006', PEC: 'a@pec.it', 'Codice Univoco': '' },
    })
    expect(values).toMatchObject({
      name: 'Studio Rossi',
      fiscalCode: '01114601006',
      province: 'MI',
      pec: 'a@pec.it',
    })
    expect(billingFormFromCustomer(null)).toEqual(emptyBillingForm)
    expect(formFieldOf('fiscalcode')).toBe('fiscalCode')
    expect(formFieldOf('uniquecode')).toBe('uniqueCode')
    expect(formFieldOf('termsCheck')).toBeNull()
    expect(provinceCode('Reggio nell’Emilia', 'IT')).toBe('RE')
  })
})
