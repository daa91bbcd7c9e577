/**
 * Marks a component as one Astro's React renderer draws. Astro otherwise finds
 * an island's renderer by calling the component once outside React, on every
 * render of every page that holds it (a test render per island per request).
 *
 * `sameMarkupForSameProps`: the island's server markup depends on its props
 * only (no request, time or random value read while rendering), so the
 * renderer may keep it and reuse it for the same props (site/build-plugins.mjs).
 */
const ASTRO_RENDERER = Symbol.for('astro:renderer')
const SAME_MARKUP = Symbol.for('bancadati.sameMarkupForSameProps')

export function reactIsland(component: object, options: { sameMarkupForSameProps?: boolean } = {}): void {
  Object.defineProperty(component, ASTRO_RENDERER, { value: '@astrojs/react' })
  if (options.sameMarkupForSameProps) Object.defineProperty(component, SAME_MARKUP, { value: true })
}
