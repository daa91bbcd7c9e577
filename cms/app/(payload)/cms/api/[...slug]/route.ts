import config from '@payload-config'
import '@payloadcms/next/css'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { refusingNullBytes } from '../../../../../../modules/platform/index.ts'

// A NUL byte in a JSON body is a 400 naming the field (the server refuses those in the address).
export const GET = REST_GET(config)
export const POST = refusingNullBytes(REST_POST(config))
export const DELETE = REST_DELETE(config)
export const PATCH = refusingNullBytes(REST_PATCH(config))
export const PUT = refusingNullBytes(REST_PUT(config))
export const OPTIONS = REST_OPTIONS(config)
