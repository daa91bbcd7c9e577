/** The content model of the contract database and the news feed: record schemas, HTML hygiene, trees, keys. */

/** Zod schemas of the data package records, the manifest and the CNEL archive list, with their types. */
export {
  recordSchemas,
  entityNames,
  manifestSchema,
  cnelRecord,
  treeSchema,
  treeNodeSchema,
  topicSchema,
  payLevelSchema,
  payLevelsSchema,
  probationSchema,
  noticeSchema,
  cassaEdileSchema,
  type CassaEdileTerms,
  unaTantumSchema,
  unaTantumListSchema,
  type UnaTantumRecord,
  summaryTypes,
  classificationSchemes,
  newsTypes,
  textScopes,
  textEditions,
  PACKAGE_FORMAT,
  type EntityName,
  type RecordOf,
  type Manifest,
  type CnelRecord,
  type TreeNode,
  type Topic,
  type PayLevel,
  type ProbationRow,
  type Notice,
  type SummaryType,
  type ClassificationScheme,
  type NewsType,
} from './schemas.ts'
/** The cost of labour's data: contribution rates by INPS classification and size band, a contract's labour-cost terms. */
export {
  contributionRatesRecord,
  contributionRatesSchema,
  contributionRatesKey,
  labourCostTermsSchema,
  inpsClassifications,
  sizeBands,
  workerGroups,
  type ContributionRate,
  type ContributionRatesRecord,
  type LabourCostTerms,
  type LabourCharge,
  type PayElement,
  type HoursMethod,
  type InpsClassification,
  type SizeBand,
  type WorkerGroup,
} from './labour-cost-records.ts'
/** Cleans imported or edited HTML with the table-friendly allow-list; extracts plain text. */
export { sanitizeHtml, htmlToText, htmlAllowList } from './sanitize.ts'
/** The free part of a news body (first paragraph, at most 40 % of its words) for visitors without subscription or trial. */
export { previewText, firstParagraphText, PREVIEW_WORD_SHARE } from './preview.ts'
/** Navigation trees: hide `/29999` nodes, flatten in document order. */
export { visibleTree, flattenTree, HIDDEN_NODE_MARKER } from './tree.ts'
/** In-document search: highlighted HTML and the tree sections holding the matches. */
export {
  searchDocument,
  MIN_DOCUMENT_QUERY,
  type DocumentSearchResult,
  type DocumentSearchHit,
} from './search-document.ts'
/** Natural keys of composite records, calendar days of stored dates, the labels editors see. */
export {
  payTableKey,
  summaryKey,
  aliasKey,
  classificationKey,
  newsPeriod,
  newsPath,
  codedLabel,
  mappingLabel,
  calendarDay,
  dayToTimestamp,
} from './natural-keys.ts'
/** Pay table levels: apprentice detection, the two tabs and the level's monthly pay (every element). */
export { isApprenticeLevel, splitLevels, monthlyPay } from './pay-levels.ts'
/** Text helpers: slugs, sentence case, name comparison. */
export { slugify, sentenceCase, comparableName } from './text.ts'
/** Signatories, representativeness (the badge's rule, the ranking's rank) and validity of an agreement. */
export {
  cnelConfederations,
  confederations,
  noRepresentativeness,
  isMostRepresentative,
  representativenessRank,
  signatoryList,
  validityOn,
  type Confederation,
  type Representativeness,
  type Validity,
} from './representativeness.ts'
