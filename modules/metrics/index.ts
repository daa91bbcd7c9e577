/** The portal's Prometheus metrics: the collectors on the server's registry, who may read them, the route groups. */

/** The metrics on a registry the server makes, and what they read from the other modules. */
export {
  createMetrics,
  type MetricsSources,
  type PoolFigures,
  type PortalMetrics,
  type SearchTiming,
} from './metrics.ts'
/** The running portal's sources: its pool, its Payload instance, the page cache. */
export { portalSources } from './sources.ts'
/** Who may read /metrics: this computer only, or the bearer of METRICS_TOKEN (constant-time comparison). */
export { mayReadMetrics, sameToken, type MetricsRequest } from './access.ts'
/** The fixed route groups of the request metrics, the group of a path, the metrics' path. */
export { METRICS_PATH, ROUTE_GROUPS, routeGroupOf, type RouteGroup } from './route-group.ts'
