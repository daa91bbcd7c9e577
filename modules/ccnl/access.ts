/**
 * The paywall of the database: which entitlement each kind of content needs
 * and the 401 a visitor without it receives. Identity always comes from the
 * session (or, for print views, from a print token the server signed).
 */
import type { Entitlements, SignedInUser } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'

/** Who is reading: the signed-in account (or none) and what the entitlements function grants. */
export type Reader = { user: SignedInUser | null; entitlements: Entitlements }

/**
 * Kinds of content: `inForce` texts and pay tables (subscription or trial),
 * `summaries` summaries and classifications (subscription), `archive` and
 * `territorial` (Professional).
 */
export type ContentLevel = 'inForce' | 'summaries' | 'archive' | 'territorial'

export function canRead(entitlements: Entitlements, level: ContentLevel): boolean {
  switch (level) {
    case 'inForce':
      return entitlements.canReadInForce
    case 'summaries':
      return entitlements.canReadSummaries
    case 'archive':
      return entitlements.canReadArchive
    case 'territorial':
      return entitlements.canReadTerritorial
  }
}

/** The Italian message of the 401 for content of `level`. */
export function deniedMessage(entitlements: Entitlements, level: ContentLevel): string {
  if (level === 'archive' || level === 'territorial') return it.database.errors.professionalOnly
  if (level === 'summaries' && entitlements.kind === 'trial') return it.database.errors.notInTrial
  return it.database.errors.subscriptionRequired
}

/** Throws the 401 unless the reader may read content of `level`. */
export function assertCanRead(reader: Reader, level: ContentLevel): void {
  if (!canRead(reader.entitlements, level)) {
    throw new AppError('unauthorized', deniedMessage(reader.entitlements, level))
  }
}

/** True when the visitor's trial does not include content of `level` ('non incluso nella prova gratuita'). */
export function outsideTrial(entitlements: Entitlements, level: ContentLevel): boolean {
  return entitlements.kind === 'trial' && !canRead(entitlements, level)
}
