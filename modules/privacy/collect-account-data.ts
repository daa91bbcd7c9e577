/**
 * Everything the portal keeps about one subscriber, asked of each module
 * through its public surface (each module reads only its own tables).
 */
import type { Pool } from 'pg'
import { exportAccountData as accountData } from '../accounts/index.ts'
import { exportAccountData as billingData } from '../billing/index.ts'
import { exportAccountData as databaseData } from '../ccnl/index.ts'
import { exportAccountData as feedData } from '../feed/index.ts'
import { exportAccountData as consentData } from '../site-content/index.ts'
import { exportAccountData as studioData } from '../studio/index.ts'
import { exportAccountData as supportData } from '../support/index.ts'

/** The sections of an export, by name: each a list of rows. */
export type AccountData = Record<string, Record<string, unknown>[]>

/** The subscriber's data from every module, section by section (the archive's file names). */
export async function collectAccountData(options: { pool: Pool; userId: string }): Promise<AccountData> {
  const parts = await Promise.all([
    accountData(options),
    billingData(options),
    databaseData(options),
    feedData(options),
    consentData(options),
    supportData({ userId: options.userId }),
    studioData(options),
  ])
  return Object.assign({}, ...parts) as AccountData
}
