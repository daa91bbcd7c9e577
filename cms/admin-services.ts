/**
 * What the admin's own views call in the domain that needs the portal's
 * running services (the accounts' pool, the entitlements). Next bundles its
 * own copy of the code it renders; these reach the views through the Payload
 * instance they are handed (`config.custom.admin`, server-only), so they run
 * on the server's module instances.
 */
import type { Payload } from 'payload'
import { accessOf } from '../modules/access/index.ts'
import { findSubscribers, subscriberDetails } from '../modules/accounts/index.ts'
import { recentErasures } from '../modules/erasure/index.ts'

export const adminServices = {
  findSubscribers,
  /** The latest account deletions (erasure log): who asked, the operator's reason. */
  recentErasures,
  /** One account as operators see it: profile, sessions and its access state now. */
  async subscriberDetails(id: string) {
    const details = await subscriberDetails(id)
    return details && { ...details, access: await accessOf(details.user) }
  },
}

export type AdminServices = typeof adminServices

/** The services of the Payload instance a view was handed. */
export function adminServicesOf(payload: Payload): AdminServices {
  return (payload.config.custom as { admin: AdminServices }).admin
}
