/**
 * The seller's fiscal data, as administrators keep them in /admin ('Dati del
 * venditore', the Payload global `seller-settings`): the invoice's cedente.
 */
import { completeSeller, sellerProblems, type Seller, type SellerData } from '../italian-identifiers/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'

/** The stored data, complete or not. */
async function readSellerData(): Promise<SellerData> {
  const { getCms } = await import('../cms/index.ts')
  const payload = await getCms()
  return (await payload.findGlobal({ slug: 'seller-settings', overrideAccess: true })) as SellerData
}

/** The seller as it is now, or null while something is missing or wrong (kept with each invoice numbered). */
export async function currentSeller(): Promise<Seller | null> {
  return completeSeller(await readSellerData())
}

/** The seller for an invoice; 503 with the Italian notice while something is missing or wrong. */
export async function readSeller(): Promise<Seller> {
  const data = await readSellerData()
  const seller = completeSeller(data)
  if (!seller) {
    throw new AppError('unavailable', it.invoices.errors.sellerMissing, {
      cause: new Error(
        sellerProblems(data)
          .map((problem) => problem.field)
          .join(', '),
      ),
    })
  }
  return seller
}
