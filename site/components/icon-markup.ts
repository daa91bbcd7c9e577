/**
 * Icons for `.astro` templates: `{icon('star', 18)}` puts the `<svg>` of
 * iconSvg in the page as markup. A plain call instead of an Astro
 * component: a page draws dozens of icons, and each component instance costs
 * Astro a render context of its own.
 */
import { unescapeHTML } from 'astro/runtime/server/index.js'
import { iconSvg } from './icon-svg.ts'
import type { IconName } from './icons.ts'

/** The icon `name` as markup: decorative (aria-hidden) unless `label` says what it means. */
export function icon(name: IconName, size = 24, className?: string, label?: string) {
  return unescapeHTML(iconSvg(name, size, className, label))
}
