/** The ISTAT list of regions and provinces committed at data/istat/province.json. */
import { readFileSync } from 'node:fs'
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
