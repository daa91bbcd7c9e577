/** Types of page-bytes.mjs (plain JavaScript: the build plugin imports it into Astro's runtime). */
export declare function pageBytes(text: string): Buffer
