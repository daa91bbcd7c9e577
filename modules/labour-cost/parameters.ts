/** The parameters of a calculation as the workbook and the PDF list them: label, text and, for a figure, its number. */
import { formatDate, formatDecimal, labourCost as t } from '../i18n/index.ts'
import type { LevelLabourCost } from './create-labour-cost.ts'

export type Parameter = { label: string; text: string; number?: number }

/** Contract, category, level, table, qualification, part-time, apprentice, classification and band, INAIL. */
export function parameterRows(result: LevelLabourCost): Parameter[] {
  const s = t.sheet
  const request = result.request
  const inail = result.inail
  return [
    {
      label: s.contract,
      text: `${result.contract.title}${result.contract.cnelCode ? ` (CNEL ${result.contract.cnelCode})` : ''}`,
    },
    { label: s.category, text: result.category.name },
    { label: s.level, text: `${result.level.code} – ${result.level.description}` },
    { label: s.decorrenza, text: formatDate(`${request.effectiveDate}T12:00:00Z`) },
    { label: s.qualification, text: t.qualifications[request.qualification] },
    { label: s.partTime, text: `${request.partTimePercent} %`, number: request.partTimePercent },
    {
      label: s.apprentice,
      text: request.apprenticeYear
        ? `${request.apprenticeYear}° anno (${formatDecimal(result.apprenticePayPercent ?? 0)} %)`
        : t.fields.apprenticeNone,
    },
    { label: s.classification, text: `${result.rates.classification}, ${result.rates.sizeBand}` },
    inail
      ? {
          label: s.inail,
          text: `${formatDecimal(inail.perMille)} ‰ (${inail.isDefault ? t.page.inailDefault : t.page.inailGiven})`,
          number: inail.perMille,
        }
      : { label: s.inail, text: '—' },
  ]
}
