/**
 * The cost of labour ('Costo del lavoro'): what each level of a contract
 * costs the employer by the Ministry of Labour's method, block by block
 * (README.md). Framework-free; the factory receives Payload from its caller.
 */

/** The use cases over the portal's data: one level, every level of a category (Professional). */
export {
  createLabourCost,
  type LabourCost,
  type LabourCostDeps,
  type LevelLabourCost,
  type CategoryLabourCost,
  type PrintedBlock,
} from './create-labour-cost.ts'
/** The query of the page's form and of the API (same names), its Italian errors by parameter, and the files' query. */
export {
  readLabourCostQuery,
  labourCostQueryString,
  queryNames,
  type LabourCostQuery,
  type LabourCostRequest,
} from './request.ts'
/** The company size bands' headcounts (the form's choices). */
export { bandLimits } from './choose-rates.ts'
/** The print view's table of a level's cost, with the method and the sources. */
export { labourCostPrintDocument, type LabourCostPrint } from './print-document.ts'
