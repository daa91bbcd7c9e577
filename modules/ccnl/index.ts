/** The contract database: catalogue, pay tables, texts, summaries, classifications, territorial data, favourites, print. */

/** The paywall: who may read what, and the 401 messages. */
export {
  canRead,
  assertCanRead,
  deniedMessage,
  outsideTrial,
  type Reader,
  type ContentLevel,
} from './access.ts'
/** Sectors, contracts, categories, the contract mapping, text types, the tree and dashboard addresses. */
export {
  listSectors,
  listContracts,
  listCategories,
  getSector,
  getContract,
  getCategory,
  categoryEntries,
  catalogTree,
  catalogSectors,
  catalogSector,
  filterCatalogTree,
  contractOptions,
  TREE_FILTER_MIN,
  TREE_FILTER_MAX,
  dashboardPath,
  listContractMappings,
  listTextTypes,
  type Sector,
  type Contract,
  type Category,
  type CategoryEntry,
  type TreeSector,
  type TreeSectorSummary,
  type ContractOption,
} from './catalog.ts'
/** The number of contracts and pay tables (the product pages' figures). */
export { databaseTotals, type DatabaseTotals } from './figures.ts'
/** The contract search (more than 3 characters): matching categories, or contracts with their matching categories. */
export {
  searchContracts,
  searchContractResults,
  searchable,
  MIN_SEARCH_EXCLUSIVE,
  type ContractResult,
} from './contract-search.ts'
/** Pay tables by effective date, derived hourly and daily pay, comparison of two dates. */
export {
  listEffectiveDates,
  getPayTable,
  canOpenEffectiveDate,
  defaultEffectiveDate,
  comparePayTables,
  payRow,
  type EffectiveDate,
  type PayTable,
  type PayRow,
  type PayComparisonRow,
} from './pay-tables.ts'
/** The comparison of two to four contracts: choices, the assembly, its table for print and XLSX. */
export {
  compareContracts,
  parseChoices,
  choicesParam,
  shownChoices,
  comparisonTable,
  noticeText,
  representativenessText,
  effectiveDateOn,
  chooseLevel,
  COMPARE_MIN,
  COMPARE_MAX,
  type CompareChoice,
  type ComparedContract,
  type ComparedPay,
  type ContractComparison,
} from './compare-contracts.ts'
/** The key terms of a contract (hours, monthly payments, probation, notice). */
export { getContractTerms, type ContractTerms } from './contract-terms.ts'
/** The comparison as XLSX with the owner's name and 'Riproduzione Riservata'. */
export { comparisonXlsx } from './export-comparison.ts'
/** What a new decorrenza changes, level by level, with its una tantum (renewal alerts, the editor's preview). */
export {
  payTableDelta,
  levelMinimum,
  type PayTableDelta,
  type LevelDelta,
  type LevelMinimum,
} from './pay-table-delta.ts'
/** The editor's preview of a pay table's changes before saving it. */
export {
  previewPayTableDelta,
  UNUSUAL_CHANGE_PERCENT,
  type PayTableDeltaPreview,
} from './preview-pay-table-delta.ts'
/** Renewal alerts: the followers' notice of a new decorrenza (reference level first, levels' deltas, una tantum), of its correction, or of a new text edition. */
export {
  isNewDecorrenza,
  changedAmounts,
  alertReferenceLevel,
  payTableAlert,
  payTableAlertKey,
  payTableAlertText,
  textEditionAlert,
  ALERT_LEVELS_SHOWN,
  type ContractAlert,
} from './renewal-alerts.ts'
/** Every published change of a contract, newest first (the dashboard's 'Novità'). */
export {
  listContractChanges,
  type ContractChange,
  type ContractChangeKind,
  type PayTableChange,
} from './contract-changes.ts'
/** The arrears calculator (Professional): a level's arrears after a renewal, its request rules and its workbook. */
export { calculateLevelArrears, type LevelArrears } from './calculate-level-arrears.ts'
export {
  levelArrearsRequest,
  readArrearsQuery,
  arrearsQueryString,
  arrearsQueryField,
  dayCountParam,
  type ArrearsQuery,
  type LevelArrearsRequest,
} from './arrears-request.ts'
/** The calculator form's choices (levels, decorrenze, proposed renewal, the contract's method, una tantum instalments), its workbook and its PDF. */
export { arrearsOptions, defaultUntil, type ArrearsOptions } from './arrears-options.ts'
/** The method stated under a result, why an una tantum is counted or not, and the workbook. */
export { arrearsXlsx, methodLines, unaTantumStatusText } from './arrears-export.ts'
export { arrearsPdf } from './arrears-pdf.ts'
/** Many employees at once from a CSV or XLSX list: the computation, its row errors, its XLSX and PDF. */
export {
  calculateArrearsList,
  listErrorText,
  listParamsOf,
  type ArrearsList,
  type ArrearsListError,
  type ArrearsListParams,
} from './arrears-list.ts'
export { arrearsListXlsx, arrearsListPdf } from './arrears-list-export.ts'
/** National, territorial and company texts: lists, trees, full text, in-document search. */
export {
  nationalTexts,
  listTexts,
  getText,
  getTextSummary,
  textNavigation,
  textTopics,
  searchText,
  canOpenText,
  textLevel,
  type TextSummary,
  type ContractText,
  type TopicTree,
  type TextSearch,
} from './texts.ts'
/** Editions of a contract's national text: the list, the one in force on a day, the redline between two (Professional). */
export {
  contractEditions,
  editionOn,
  compareTextEditions,
  type TextRedline,
} from './compare-text-editions.ts'
/** The redline section of the dashboard: the editions chosen, the comparison or the treatment, 'Il testo in vigore al'. */
export {
  redlineView,
  redlineAccess,
  parseDay,
  inForceOn,
  redlineLayout,
  type RedlineView,
  type RedlineEntry,
  type RedlineBlock,
  type RedlineLayout,
  type RedlineAccess,
  type RedlineInForce,
  type RedlineRequest,
} from './redline-view.ts'
/** The redline as HTML: an article's note and body labelled for screen readers, the counts line, the printable document. */
export { changeNote, labelledRedlineHtml, redlineCounts, redlinePrintHtml } from './redline-html.ts'
/** Summary documents (seven types), the demo summary and the PDF. */
export {
  listSummaries,
  getSummary,
  getDemoSummary,
  summaryTree,
  summaryPdf,
  summaryTypeName,
  isSummaryType,
  summaryTypes,
  canReadFullSummaries,
  type Summary,
  type SummaryEntry,
  type SummaryType,
} from './summaries.ts'
/** CNEL, INPS and ATECO codes. */
export {
  availableSchemes,
  getClassifications,
  getSchemeCodes,
  schemes,
  type Classifications,
} from './classifications.ts'
/** Regions, provinces, companies and their texts and tables. */
export {
  listRegions,
  listCompanies,
  territorialTexts,
  companyTexts,
  provinceTables,
  companyTables,
  territorialTable,
  territorialTableTree,
  type Region,
  type Company,
  type TerritorialTableEntry,
} from './territorial.ts'
/** Favourites, the view log, recent and most consulted categories, each contract's use; an erased account's favourites deleted, its views made anonymous. */
export {
  isFavourite,
  favouriteCodes,
  favouriteContractCodes,
  followersOfContracts,
  toggleFavourite,
  logView,
  recentCodes,
  mostConsulted,
  contractViewCounts,
  categoryList,
  eraseDatabaseActivity,
  type CategoryList,
} from './activity.ts'
/** Print views: printable documents and short-lived print tokens. */
export { printDocument, printTypes, type PrintDocument } from './print.ts'
export {
  createPrintPass,
  createPrintToken,
  verifyPrintPass,
  verifyPrintToken,
  PRINT_TOKEN_MINUTES,
} from './print-token.ts'
/** The short-lived cache of reads that are the same for every reader; the content collections' hooks empty it. */
export { invalidateReadCache, invalidateReadCacheOnCommit, READ_CACHE_TTL_MS } from './read-cache.ts'
/** The SQL of the favourites and view-log tables (migration `20261123_120000_database`). */
export { databaseSchemaV1 } from './sql.ts'
/** News from the search index for the database pages, and the search inside a contract. */
export { latestNews, newsOfContracts, searchInContract, type NewsItem } from './news.ts'
/** The pay table as CSV or XLSX with the owner's name and 'Riproduzione Riservata'. */
export { payTableCsv, payTableXlsx, csvCell } from './export.ts'
/** A minimal XLSX writer (one sheet). */
/** The subscriber's favourites and consultations for the data export. */
export { exportAccountData, type DatabaseDataExport } from './export-account-data.ts'
