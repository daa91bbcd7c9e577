/**
 * Build-time changes to the server code of Astro and of its React renderer
 * that make signed-in pages cheaper to render. Each one checks that the code
 * it changes is still shaped as expected and fails the build otherwise (after
 * an upgrade, the change must be looked at again).
 */

/** A Vite plugin applying `change` to the module whose path ends with `suffix`, which must contain `signature`. */
function changeModule(name, suffix, signature, change) {
  return {
    name,
    enforce: 'pre',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith(suffix)) return null
      if (!code.includes(signature))
        throw new Error(`${suffix}: "${signature}" non trovato (versione cambiata?)`)
      return change(code, signature)
    },
  }
}

/**
 * Astro hashes the inline scripts and styles of a page's head for its
 * Content-Security-Policy on every render, with WebCrypto, although they are
 * the same strings on every render of a build. This remembers each digest
 * (the strings are few and fixed by the build).
 */
export function rememberCspDigests() {
  return changeModule(
    'bancadati:remember-csp-digests',
    '/astro/dist/core/encryption.js',
    'async function generateCspDigest(data, algorithm) {',
    (code, signature) =>
      code.replace(
        signature,
        `const rememberedCspDigests = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + ':' + data;
  let digest = rememberedCspDigests.get(key);
  if (digest === undefined) {
    if (rememberedCspDigests.size >= 1000) rememberedCspDigests.clear();
    digest = computeCspDigest(data, algorithm);
    rememberedCspDigests.set(key, digest);
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
      ),
  )
}

/**
 * Islands marked by `reactIsland(component, { sameMarkupForSameProps: true })`
 * (site/islands/react-island.ts) draw the same server markup for the same
 * props: the React renderer keeps it, per island and id prefix (React's ids
 * start with the prefix Astro gives each island of a page), and renders them
 * again only for props it has not seen (at most 100 kept per island).
 */
export function rememberIslandMarkup() {
  const contextExports = 'export {\n  incrementId\n};'
  const contextImport = 'import { incrementId } from "./context.js";'
  return [
    changeModule(
      'bancadati:island-ids',
      '/@astrojs/react/dist/context.js',
      contextExports,
      (code, signature) => code.replace(signature, 'export {\n  getContext,\n  incrementId\n};'),
    ),
    changeModule(
      'bancadati:island-ids-import',
      '/@astrojs/react/dist/server.js',
      contextImport,
      (code, signature) => code.replace(signature, 'import { getContext, incrementId } from "./context.js";'),
    ),
    changeModule(
      'bancadati:remember-island-markup',
      '/@astrojs/react/dist/server.js',
      '  renderToStaticMarkup,\n  supportsAstroStaticSlot: true',
      (code, signature) =>
        code.replace(
          signature,
          '  renderToStaticMarkup: rememberedMarkup,\n  supportsAstroStaticSlot: true',
        ) +
        `
const SAME_MARKUP = Symbol.for('bancadati.sameMarkupForSameProps');
const keptMarkup = new WeakMap();
async function rememberedMarkup(Component, props, slotted, metadata) {
  const plain = Component && Component[SAME_MARKUP] && this && this.result &&
    !this.result.actionResult && Object.values(slotted ?? {}).every((value) => value == null);
  if (!plain) return renderToStaticMarkup.call(this, Component, props, slotted, metadata);
  const prefix = getContext(this.result).id;
  const key = prefix + ' ' + JSON.stringify(props);
  let kept = keptMarkup.get(Component);
  if (!kept) keptMarkup.set(Component, (kept = new Map()));
  const html = kept.get(key);
  if (html !== undefined) {
    incrementId(this.result);
    return { html, attrs: { prefix } };
  }
  const rendered = await renderToStaticMarkup.call(this, Component, props, slotted, metadata);
  if (rendered.attrs && Object.keys(rendered.attrs).length === 1 && rendered.attrs.prefix === prefix) {
    if (kept.size >= 100) kept.clear();
    kept.set(key, rendered.html);
  }
  return rendered;
}
`,
    ),
  ]
}
