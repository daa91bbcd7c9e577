import config from '@payload-config'
import '@payloadcms/next/css'
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import { withClosedRoutesNotFound } from '../../../../../rest/closedRoutes.ts'

export const GET = withClosedRoutesNotFound(REST_GET(config))
export const POST = withClosedRoutesNotFound(REST_POST(config))
export const DELETE = withClosedRoutesNotFound(REST_DELETE(config))
export const PATCH = withClosedRoutesNotFound(REST_PATCH(config))
export const PUT = withClosedRoutesNotFound(REST_PUT(config))
export const OPTIONS = withClosedRoutesNotFound(REST_OPTIONS(config))
