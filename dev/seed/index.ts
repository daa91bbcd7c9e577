/** Demo and benchmark data packages in the `bancadati-ccnl/1` format (docs/data-format.md). */

/** Writes the shipped demo data set (data/demo) into a folder; or only its feed as it reads on a given day. */
export { writeDemoPackage, writeDemoFeedPackage, buildDemoData, buildDemoFeed, demoToday } from './demo.ts'
/** Refuses two contracts with the same probation or notice table (the demo's terms are each contract's own). */
export { assertDistinctTermTables } from './demo.ts'
/** Writes a seeded benchmark package with the given numbers of contracts, categories and news. */
export { writeScalePackage, scaleContractBase, scaleCategoryBase, type ScaleOptions } from './scale.ts'
/** Record types of every entity of the format, the entity import order and the manifest. */
export {
  entityOrder,
  summaryTypes,
  type EntityName,
  type EntityRecords,
  type Manifest,
  type PackageData,
  type TreeNode,
} from './types.ts'
/** The ISTAT regions and provinces (data/istat/province.json). */
export { loadIstat } from './istat.ts'
/** A realistic CNEL national archive list of any length (the national agreements first). */
export { cnelArchive, type CnelArchiveRow } from './cnel-archive.ts'
