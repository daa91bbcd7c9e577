/** The Italian strings module: every user-facing text of the portal. */
export { it, type Strings } from './it.ts'
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
