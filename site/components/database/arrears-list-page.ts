/**
 * The arrears of many employees from the page (POST of the calculator's list
 * form to /arretrati/elenco): the list computed, or its file (XLSX or PDF)
 * when asked for and the file could be read; an unreadable file, a bad
 * parameter or a row error is told on the page in Italian, never a 500.
 */
import {
  arrearsListPdf,
  arrearsListXlsx,
  calculateArrearsList,
  listParamsOf,
  type ArrearsList,
  type ArrearsListParams,
  type Reader,
} from '#modules/ccnl'
import { AppError } from '#modules/platform'

export type ArrearsListPage =
  | { file: { name: string; type: string; data: Uint8Array }; list?: undefined; error?: undefined }
  | { file?: undefined; list: ArrearsList | null; error: string | null; params: ArrearsListParams }

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Reads the posted form, computes the list and answers the file or what the page shows. */
export async function arrearsListPage(
  reader: Reader,
  categoryCode: number,
  request: Request,
): Promise<ArrearsListPage> {
  let form: FormData
  try {
    form = await request.formData()
  } catch (error) {
    throw new AppError('bad_request', 'Il modulo inviato non è leggibile: riprova.', { cause: error })
  }
  const upload = form.get('file')
  const bytes = upload instanceof File && upload.size > 0 ? new Uint8Array(await upload.arrayBuffer()) : null
  const params = listParamsOf((name) => form.get(name))
  let list: ArrearsList
  try {
    list = await calculateArrearsList(reader, categoryCode, params, bytes)
  } catch (error) {
    if (!(error instanceof AppError) || error.code === 'unauthorized') throw error
    return { list: null, error: error.message, params }
  }
  const format = form.get('formato')
  if (format === 'xlsx' && list.employees.length > 0) {
    const file = await arrearsListXlsx(list)
    return { file: { name: file.name, type: XLSX, data: new Uint8Array(file.data) } }
  }
  if (format === 'pdf' && list.employees.length > 0) {
    const file = await arrearsListPdf(list)
    return { file: { name: file.name, type: 'application/pdf', data: file.data } }
  }
  return { list, error: null, params }
}
