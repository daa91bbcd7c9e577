/** The Italian strings module: every user-facing text of the portal. */
export { it, type Strings } from './it.ts'
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
