/**
 * The contract database routes of the REST API (/api/v1), with the path
 * shapes of the specification (matched case-insensitively by the API).
 * Lists, navigation and topic trees, the demo summary and the contract
 * search are public; content bodies answer 401 to visitors without the
 * entitlement. Anonymous callers of the routes that are not public are
 * refused by the API before their input is read (modules/api gate.ts).
 * Each group of operations is declared in routes/ (`createRoute` +
 * `router.openapi`), its answers typed by the schemas of schemas.ts.
 */
import { createRouter } from '../http/index.ts'
import { arrearsRoutes } from './routes/arrears.ts'
import { catalogueRoutes } from './routes/catalogue.ts'
import { compareRoutes } from './routes/compare.ts'
import { payTableRoutes } from './routes/pay-tables.ts'
import { printRoutes } from './routes/print.ts'
import { summaryRoutes } from './routes/summaries.ts'
import { territorialRoutes } from './routes/territorial.ts'
import { textRoutes } from './routes/texts.ts'

/** The routes, mounted by the API at its base path. */
export function databaseRoutes() {
  return createRouter()
    .route('/', catalogueRoutes())
    .route('/', payTableRoutes())
    .route('/', textRoutes())
    .route('/', summaryRoutes())
    .route('/', territorialRoutes())
    .route('/', printRoutes())
    .route('/', compareRoutes())
    .route('/', arrearsRoutes())
}
