/**
 * Demo seller data for the invoices (embedded mode only, first start): the
 * fictitious company of the demo legal pages, named as demo data, so a demo
 * subscriber can download a complete invoice. Production starts empty and the
 * administrators fill 'Dati del venditore' in /admin.
 */
import type { Payload } from 'payload'

export const demoSeller = {
  companyName: 'Banca Dati CCNL S.r.l. (dati dimostrativi)',
  vatNumber: '12345670017',
  fiscalCode: '12345670017',
  street: 'Via del Lavoro 21',
  postalCode: '00184',
  city: 'Roma',
  province: 'RM',
  country: 'IT',
  pec: 'amministrazione@pec.bancadati.local',
  reaNumber: 'RM-1234567',
  shareCapital: '10.000,00 € i.v.',
  taxRegime: 'RF01',
} as const

/** Fills the seller's data when no company name was ever saved; true when it did. */
export async function ensureDemoSeller(payload: Payload): Promise<boolean> {
  const current = await payload.findGlobal({ slug: 'seller-settings', overrideAccess: true })
  if (current.companyName) return false
  await payload.updateGlobal({ slug: 'seller-settings', data: demoSeller, overrideAccess: true })
  return true
}
