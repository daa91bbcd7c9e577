/**
 * Start-up wiring: billing asks this module who owns a secondary account
 * (the entitlements then read the owner's subscription), and tells it when an
 * owner's subscription access changes (the owner's e-mail). Both
 * registrations are process-wide, so doing this in the server entry also
 * serves the site bundle.
 */
import { onSubscriptionAccessChange, setStudioOwnerResolver } from '../billing/index.ts'
import { mailOnStudioAccessChange } from './access-mails.ts'
import { studioOwnerOf } from './links.ts'

export function registerStudio(): void {
  setStudioOwnerResolver(studioOwnerOf)
  onSubscriptionAccessChange('studio', mailOnStudioAccessChange)
}
