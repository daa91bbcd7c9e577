/**
 * Arrears after a CCNL renewal: the framework-free calculation of what an
 * employee is owed month by month, in 13th and 14th, in Cassa Edile
 * accantonamento and in una tantum, by year and with the TFR (README.md).
 */
export {
  calculateArrears,
  ArrearsLimitError,
  MAX_ARREARS_MONTHS,
  TFR_DIVISOR,
  type ArrearsInput,
  type ArrearsLine,
  type ArrearsResult,
  type ArrearsTotals,
  type CassaEdile,
  type PayStep,
  type YearTotals,
} from './calculate-arrears.ts'
/** Una tantum instalments: which are counted and why. */
export { type UnaTantum, type UnaTantumLine, type UnaTantumStatus } from './una-tantum.ts'
/** The 13th and 14th due in the period and the accruals not yet due. */
export { type ExtraPayment, type ExtraPaymentKind } from './extra-payments.ts'
/** How part months are counted: calendar days, 26ths or 30ths. */
export { dayCounts, dayCountOfDivisor, type DayCount } from './day-count.ts'
/** Figures rounded to the cent and sums of rounded figures. */
export { cents, sumCents } from './money.ts'
/** Calendar days `yyyy-mm-dd`: validity (1950–2100), months and spans. */
export { isDay, monthsBetween, monthBounds, monthSpan } from './calendar.ts'
/** A CSV or XLSX list of employees read into rows of recognised columns (at most 500 rows, 1 MB). */
export {
  readEmployeeList,
  employeeColumns,
  MAX_EMPLOYEES,
  MAX_LIST_BYTES,
  type EmployeeColumn,
  type EmployeeList,
  type EmployeeRow,
} from './employee-list.ts'
