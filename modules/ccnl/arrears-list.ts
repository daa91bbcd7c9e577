/**
 * Many employees at once (Professional, like the calculator): a CSV or XLSX
 * list (modules/arrears `readEmployeeList`) computed on one category with the
 * renewal, end date, monthly payments and day count of the form. Each row is
 * read with the calculator's own rules; a bad row gets an Italian message
 * naming its line and column, and the good rows are computed anyway. The
 * list's size is checked before any row is read (500 rows, 1 MB).
 */
import {
  readEmployeeList,
  sumCents,
  type ArrearsTotals,
  type EmployeeColumn,
  type EmployeeRow,
} from '../arrears/index.ts'
import { arrears } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { assertCanRead, type Reader } from './access.ts'
import { instalmentOptions } from './arrears-options.ts'
import { readArrearsQuery, type ArrearsQuery } from './arrears-request.ts'
import {
  arrearsSource,
  levelArrearsOf,
  type ArrearsSource,
  type LevelArrears,
} from './calculate-level-arrears.ts'

const l = arrears.list

/** What the form gives every row: the renewal, the end date of rows without one, the method, the company. */
export type ArrearsListParams = Pick<ArrearsQuery, 'decorrenza' | 'fine' | 'mensilita' | 'giorni' | 'azienda'>

export type ArrearsListError = { line: number; column: string; message: string }

export type ArrearsList = {
  category: { code: number; name: string }
  contract: { code: number; title: string; cnelCode: string | null }
  employees: { line: number; name: string; result: LevelArrears }[]
  errors: ArrearsListError[]
  /** Each total the sum of the employees' printed totals. */
  totals: ArrearsTotals & { tfr: number }
}

/** The list's column that a query parameter of the calculator reads. */
const columnOfParam: Record<string, EmployeeColumn | undefined> = {
  livello: 'level',
  assunzione: 'hiredOn',
  parttime: 'partTime',
  fine: 'until',
  corrisposto: 'paidStep',
  utpagate: 'unaTantumPaid',
  dipendente: 'name',
}

/** The instalments a row says were paid: 'tutte' (every instalment of the tables), or days separated by ; , | or spaces. */
function paidInstalments(cell: string | undefined, source: ArrearsSource): string {
  if (!cell) return ''
  if ((l.all as readonly string[]).includes(cell.trim().toLowerCase())) {
    return instalmentOptions(source.docs)
      .map((entry) => entry.paidOn)
      .join(',')
  }
  return cell
    .split(/[;,|\s]+/)
    .filter(Boolean)
    .join(',')
}

/** One row computed, or its errors. */
function computeRow(
  source: ArrearsSource,
  params: ArrearsListParams,
  row: EmployeeRow,
): { name: string; result: LevelArrears } | ArrearsListError[] {
  const cells = row.cells
  const name = cells.name ?? ''
  const error = (column: EmployeeColumn, message: string): ArrearsListError => ({
    line: row.line,
    column: l.columnNames[column],
    message,
  })
  const read = readArrearsQuery(source.category.code, {
    livello: cells.level,
    decorrenza: params.decorrenza,
    assunzione: cells.hiredOn,
    parttime: cells.partTime?.replace(/\s*%$/, '').replace(',', '.'),
    fine: cells.until ?? params.fine,
    mensilita: params.mensilita,
    corrisposto: cells.paidStep,
    giorni: params.giorni,
    utpagate: paidInstalments(cells.unaTantumPaid, source),
    dipendente: name,
    azienda: params.azienda,
  })
  const errors: ArrearsListError[] = name ? [] : [error('name', l.missingName)]
  for (const [param, message] of Object.entries(read.errors ?? {})) {
    errors.push(error(columnOfParam[param] ?? 'until', message))
  }
  if (!read.request || errors.length > 0) return errors
  try {
    return { name, result: levelArrearsOf(source, read.request) }
  } catch (failure) {
    if (!(failure instanceof AppError) || failure.code === 'unauthorized') throw failure
    const param = failure.field
      ? ({ level: 'livello', since: 'decorrenza', until: 'fine', paidStep: 'corrisposto' } as const)[
          failure.field as 'level' | 'since' | 'until' | 'paidStep'
        ]
      : undefined
    return [error(columnOfParam[param ?? ''] ?? 'until', failure.message)]
  }
}

/** Checks the form's own parameters once (a 400 naming the parameter), before any row. */
function assertParams(categoryCode: number, params: ArrearsListParams): void {
  const read = readArrearsQuery(categoryCode, { ...params, livello: 'x', fine: params.fine || '31-12-2000' })
  for (const field of ['decorrenza', 'fine', 'mensilita', 'giorni', 'azienda']) {
    const message = read.errors?.[field]
    if (message) throw new AppError('bad_request', message, { field })
  }
}

/** The form's parameters of a list from the values of a posted form (anything but short text is left out). */
export function listParamsOf(value: (name: string) => unknown): ArrearsListParams {
  const text = (name: string) => {
    const found = value(name)
    return typeof found === 'string' ? found.slice(0, 120) : undefined
  }
  return {
    decorrenza: text('decorrenza'),
    fine: text('fine'),
    mensilita: text('mensilita'),
    giorni: text('giorni'),
    azienda: text('azienda'),
  }
}

/** Reads and computes a list of employees for a Professional reader. */
export async function calculateArrearsList(
  reader: Reader,
  categoryCode: number,
  params: ArrearsListParams,
  bytes: Uint8Array | null,
): Promise<ArrearsList> {
  assertCanRead(reader, 'archive')
  if (!bytes) throw new AppError('bad_request', l.errors.noFile, { field: 'file' })
  assertParams(categoryCode, params)
  const list = await readEmployeeList(bytes)
  if (list.error) {
    const message =
      list.error === 'missingColumns'
        ? l.errors.missingColumns((list.missing ?? []).map((column) => l.columnNames[column]).join(', '))
        : l.errors[list.error]
    throw new AppError(list.error === 'tooLarge' ? 'payload_too_large' : 'bad_request', message, {
      field: 'file',
    })
  }
  return arrearsListOf(await arrearsSource(categoryCode), params, list.rows)
}

/** The rows of a list computed on a category already read: each employee, or the row's errors. */
export function arrearsListOf(
  source: ArrearsSource,
  params: ArrearsListParams,
  rows: readonly EmployeeRow[],
): ArrearsList {
  const employees: ArrearsList['employees'] = []
  const errors: ArrearsListError[] = []
  for (const row of rows) {
    const outcome = computeRow(source, params, row)
    if (Array.isArray(outcome)) errors.push(...outcome)
    else employees.push({ line: row.line, ...outcome })
  }
  const sum = (figure: (result: LevelArrears) => number) =>
    sumCents(employees.map((employee) => figure(employee.result)))
  return {
    category: { code: source.category.code, name: source.category.name },
    contract: {
      code: source.contract.code,
      title: source.contract.title,
      cnelCode: source.contract.cnelCode,
    },
    employees,
    errors,
    totals: {
      pay: sum((result) => result.totals.pay),
      thirteenth: sum((result) => result.totals.thirteenth),
      fourteenth: sum((result) => result.totals.fourteenth),
      fund: sum((result) => result.totals.fund),
      unaTantum: sum((result) => result.totals.unaTantum),
      total: sum((result) => result.totals.total),
      accrued: sum((result) => result.totals.accrued),
      tfr: sum((result) => result.tfr.amount),
    },
  }
}

/** An error row as one line of text ('Riga 7, colonna «assunzione»: …'). */
export const listErrorText = (error: ArrearsListError) => l.rowError(error.line, error.column, error.message)
