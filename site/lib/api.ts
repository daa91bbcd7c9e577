import { createApi } from '../../modules/api/index.ts'
import pkg from '../../package.json' with { type: 'json' }

/** The one API instance of the process. */
export const api = createApi({ version: pkg.version })
