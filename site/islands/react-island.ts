/**
 * Marks a component as one Astro's React renderer draws. Astro otherwise finds
 * an island's renderer by calling the component once outside React, on every
 * render of every page that holds it (a test render per island per request).
 */
const ASTRO_RENDERER = Symbol.for('astro:renderer')

export function reactIsland(component: object): void {
  Object.defineProperty(component, ASTRO_RENDERER, { value: '@astrojs/react' })
}
