/** The Italian strings module: every user-facing text of the portal. */
export { it, type Strings } from './it.ts'
/*
 * The sections of `it` one by one, for the islands: a browser bundle holds
 * only the sections its island imports (`it` itself carries every text).
 */
/** The sign-in, sign-up, profile and password texts. */
export { accounts } from './accounts.ts'
/** The purchase, checkout, subscription and billing-data texts. */
export { billing } from './billing.ts'
/** The invoice texts (seller data, lines). */
export { invoices } from './invoices.ts'
/** Words shared by many screens (loading, close, cancel, save, confirm). */
export { common } from './common.ts'
/** The API's and the pages' error texts. */
export { errors } from './errors.ts'
/** The news feed, favourites and notifications texts. */
export { feed } from './feed.ts'
/** The help centre, the guided tours and the support report texts. */
export { helpCentre } from './help-centre.ts'
/** Deleting an account: the profile's form, its mails, the operators' form. */
export { erasure } from './erasure.ts'
/** Personal data: the data export and the retention table. */
export { privacy } from './privacy.ts'
/** 'Che contratto applico?': the finder of contracts by activity (ATECO). */
export { activityFinder } from './activity-finder.ts'
/** The arrears calculator's texts. */
export { arrears } from './arrears.ts'
/** The cost of labour's texts. */
export { labourCost } from './labour-cost.ts'
/** The redline between two editions of a contract text and 'Il testo in vigore al'. */
export { redline } from './redline.ts'
/** The backup and restore commands' texts. */
export { backup } from './backup.ts'
/** The Studio (linked accounts, invitations) texts. */
export { studio } from './studio.ts'
/** The Italian reason of a card refusal from Stripe's error and decline codes (null: generic), and the card-update failure with it. */
export { cardRefusal, cardUpdateRefused } from './card-refusals.ts'
/** Formatting helpers for dates (gg/mm/aaaa) and euro amounts. */
export {
  formatDate,
  formatDecimal,
  formatEuro,
  formatEuroCents,
  formatEuroDifference,
  formatNumber,
  formatPercentChange,
} from './format.ts'
