/**
 * Arrears after a CCNL renewal: the framework-free calculation of what an
 * employee is owed month by month and in una tantum (README.md).
 */
export {
  calculateArrears,
  cents,
  type ArrearsInput,
  type ArrearsLine,
  type ArrearsResult,
  type PayStep,
  type UnaTantum,
  type UnaTantumLine,
} from './calculate-arrears.ts'
/** Calendar days `yyyy-mm-dd`: validity and months. */
export { isDay, monthsBetween, monthBounds } from './calendar.ts'
