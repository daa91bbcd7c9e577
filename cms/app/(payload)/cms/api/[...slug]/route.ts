import config from '@payload-config'
import '@payloadcms/next/css'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { withClosedRoutesNotFound } from '../../../../../rest/closedRoutes.ts'
import { refusingNullBytes } from '../../../../../../modules/platform/index.ts'

// Closed routes answer an Italian 404; a NUL byte in a JSON body is a 400 naming the field (the server refuses those in the address).
export const GET = withClosedRoutesNotFound(REST_GET(config))
export const POST = withClosedRoutesNotFound(refusingNullBytes(REST_POST(config)))
export const DELETE = withClosedRoutesNotFound(REST_DELETE(config))
export const PATCH = withClosedRoutesNotFound(refusingNullBytes(REST_PATCH(config)))
export const PUT = withClosedRoutesNotFound(refusingNullBytes(REST_PUT(config)))
export const OPTIONS = withClosedRoutesNotFound(REST_OPTIONS(config))
