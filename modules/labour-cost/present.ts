/** How a calculation's lines and blocks read, the same on the page, in the workbook and in the PDF. */
import { formatEuro, labourCost as t } from '../i18n/index.ts'
import type { BlockKey, Measure } from './calculate-labour-cost.ts'

const m = t.measures

/** `12 × 1.292,46 €`, `23,81 % di 30.000,00 €`, `1.540 ore × 9,12 €`. */
export function measureText(measure: Measure): string {
  switch (measure.kind) {
    case 'months':
      return m.months(measure.months, formatEuro(measure.monthly))
    case 'hours':
      return m.hours(measure.hours, formatEuro(measure.hourly))
    case 'days':
      return m.days(measure.days, formatEuro(measure.daily))
    case 'percent':
      return m.percent(measure.rate, formatEuro(measure.base))
    case 'perMille':
      return m.perMille(measure.rate, formatEuro(measure.base))
    case 'perMonth':
      return m.perMonth(formatEuro(measure.amount), measure.months)
    case 'perHour':
      return m.perHour(formatEuro(measure.amount), measure.hours)
    case 'perYear':
      return m.perYear(formatEuro(measure.amount))
  }
}

/** The Italian title of a block. */
export const blockTitle = (key: BlockKey): string => t.blocks[key]
