/** The ISTAT lists committed under data/istat: regions and provinces, the ATECO 2025 titles. */
import { readFileSync } from 'node:fs'
import { csvRows } from '../../modules/platform/index.ts'
import type { ProvinceRecord, RegionRecord } from './types.ts'

type IstatFile = {
  source: string
  regions: { code: string; name: string; provinces: { code: string; name: string }[] }[]
}

const istatUrl = new URL('../../data/istat/province.json', import.meta.url)

/** Regions (ISTAT two-digit codes) and provinces (sigle) in ISTAT order. */
export function loadIstat(): { regions: RegionRecord[]; provinces: ProvinceRecord[] } {
  const data = JSON.parse(readFileSync(istatUrl, 'utf8')) as IstatFile
  const regions = data.regions.map((r) => ({ code: r.code, name: r.name }))
  const provinces = data.regions.flatMap((r) =>
    r.provinces.map((p) => ({ code: p.code, regionCode: r.code, name: p.name })),
  )
  return { regions, provinces }
}

const atecoUrl = new URL('../../data/istat/ateco-2025.csv', import.meta.url)
let atecoTitlesByCode: Map<string, string> | undefined

/** The official title of every ATECO 2025 code (data/istat/ateco-2025.csv), by code. */
export function atecoTitles(): Map<string, string> {
  if (!atecoTitlesByCode) {
    atecoTitlesByCode = new Map()
    for (const { line, cells } of csvRows(readFileSync(atecoUrl, 'utf8'), ';')) {
      const [, code, title] = cells
      if (line > 1 && code && title) atecoTitlesByCode.set(code, title)
    }
  }
  return atecoTitlesByCode
}
