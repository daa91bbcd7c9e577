/** Loads a print view's document and maps errors to the print view's three messages. */
import type { PrintDocument, Reader } from '#modules/ccnl'
import { AppError } from '#modules/platform'
import { it } from '#modules/i18n'

export type PrintOutcome = {
  document: PrintDocument | null
  error: 'unauthorized' | 'notFound' | 'unknown' | null
}

export async function loadPrint(work: () => Promise<PrintDocument>): Promise<PrintOutcome> {
  try {
    return { document: await work(), error: null }
  } catch (error) {
    if (error instanceof AppError) {
      if (error.code === 'unauthorized') return { document: null, error: 'unauthorized' }
      if (error.code === 'not_found' || error.code === 'bad_request')
        return { document: null, error: 'notFound' }
    }
    return { document: null, error: 'unknown' }
  }
}

/** The watermark: the owner's name and 'Riproduzione Riservata'; the trial's when `trial` is set. */
export function watermarkOf(reader: Reader, trial = false): string | null {
  if (trial && reader.entitlements.trialWatermark) return it.database.print.trialWatermark
  return reader.user ? it.database.print.watermark(reader.user.name || reader.user.email) : null
}

/** A print reference from the address, percent-decoded (kept as it is when it is not valid encoding). */
export function decodedRef(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    // Not percent-encoding (a stray '%'): the reference is used as written, and the token check refuses it.
    return value
  }
}
