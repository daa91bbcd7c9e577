import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'
import { refusingNullBytes } from '../../../../../../modules/platform/index.ts'

// A NUL byte in a query's variables is a 400 naming the field.
export const POST = refusingNullBytes(GRAPHQL_POST(config))
export const OPTIONS = REST_OPTIONS(config)
