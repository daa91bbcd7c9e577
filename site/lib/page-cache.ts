/** Astro's cache provider (astro.config.mjs `cache.provider`): the process's page cache, shared with the CMS hooks. */
import { pageCacheProvider } from '#modules/site-content'

export default pageCacheProvider
