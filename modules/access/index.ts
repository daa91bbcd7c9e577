/** What a visitor may do: the entitlements of an account from its trial, its own subscription and its Studio. */

/** The access of a request (entitlements, the shell's view of the visitor, the subscription side). */
export { accessOf, viewerOf, type Access, type ViewerSummary } from './access.ts'
/** The subscription side of an account, read from the billing mirror and the Studio links. */
export { lookupSubscription, type SubscriptionInfo, type SubscriptionLookup } from './subscription.ts'
/** The entitlements of accounts outside a request (the followers a notice is written or mailed to). */
export { entitlementsOfAccounts } from './accounts-access.ts'
