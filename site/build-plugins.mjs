/**
 * Build-time changes to the server code of Astro and of its React renderer
 * that make signed-in pages cheaper to render. Each one checks that the code
 * it changes is still shaped as expected and fails the build otherwise (after
 * an upgrade, the change must be looked at again).
 */

import { fileURLToPath } from 'node:url'

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

/**
 * Astro imports a page's module with a dynamic `import()` on every request;
 * Node resolves the specifier again each time (reading package scopes and
 * formats) before finding the module it already has. The pages map keeps the
 * promise of each page's module instead (dropped if the import fails).
 */
export function rememberPageModules() {
  return changeModule(
    'bancadati:remember-page-modules',
    'virtual:astro:pages',
    'const pageMap = new Map([',
    (code) =>
      code.replace(
        /const (_page\d+) = \(\) => import\(("[^"]+")\);/g,
        (_, name, specifier) =>
          `let ${name}Module;\nconst ${name} = () => (${name}Module ??= import(${specifier}).catch((error) => { ${name}Module = undefined; throw error; }));`,
      ),
  )
}

/**
 * Asset links in a page's head (scripts, styles) are split into path and
 * query with `new URL` on every render, for the same few paths of a build:
 * each split is remembered.
 */
export function rememberAssetPaths() {
  return changeModule(
    'bancadati:remember-asset-paths',
    '/astro/dist/core/render/ssr-element.js',
    'function splitAssetPath(path) {',
    (code, signature) =>
      code.replace(
        signature,
        `const splitAssetPaths = new Map();
function splitAssetPath(path) {
  let split = splitAssetPaths.get(path);
  if (split === undefined) {
    if (splitAssetPaths.size >= 1000) splitAssetPaths.clear();
    split = splitAssetPathOnce(path);
    splitAssetPaths.set(path, split);
  }
  return { ...split };
}
function splitAssetPathOnce(path) {`,
      ),
  )
}

/**
 * A rendered page goes to the socket as the bytes it was encoded to. Astro
 * encodes the HTML with TextEncoder, wraps the bytes in a Response (whose
 * body the server's Response copies once more), then reads them back through
 * a stream. Here the page is encoded by `pageBytes` (site/lib/page-bytes.mjs:
 * ASCII stretches copied, the rest through the UTF-8 encoder), its bytes ride
 * along on the Response, and the Node adapter writes them in one call when they are there
 * (the same bytes, should a middleware have read the body); a Response built
 * anywhere else goes the usual way. The bytes stay outside the JavaScript
 * heap, where their growth also prompts the collector to run in time (kept
 * as text, the pages made the old generation grow to several times its live
 * size between collections).
 */
export function writePageBytesOnce() {
  const pageBytesModule = fileURLToPath(new URL('./lib/page-bytes.mjs', import.meta.url))
  const keptBytes = "Symbol.for('bancadati.pageBytes')"
  return [
    changeModule(
      'bancadati:page-bytes-encode',
      '/astro/dist/runtime/server/render/page.js',
      '    body = encoder.encode(body);\n',
      (code, signature) =>
        `import { pageBytes } from ${JSON.stringify(pageBytesModule)};\n${code}`
          .replace(signature, '    body = pageBytes(body);\n')
          .replace(
            '  if (status) {\n    return new Response(body, { ...init, headers, status, statusText });\n  } else {\n    return new Response(body, { ...init, headers });\n  }',
            `  const response = status ? new Response(body, { ...init, headers, status, statusText }) : new Response(body, { ...init, headers });
  if (body instanceof Uint8Array) response[${keptBytes}] = { bytes: body, statusText: status ? statusText : init.statusText };
  return response;`,
          ),
    ),
    changeModule(
      'bancadati:page-bytes-encode-check',
      '/astro/dist/runtime/server/render/page.js',
      'const response = status ? new Response(body',
      (code) => code,
    ),
    changeModule(
      'bancadati:page-bytes-write',
      '/astro/dist/core/app/node.js',
      '  const { status, headers, body, statusText } = source;\n',
      (code, signature) =>
        code
          .replace(
            signature,
            `  const kept = source[${keptBytes}];
  const { status, headers } = source;
  const body = kept ? null : source.body;
  const statusText = kept ? kept.statusText : source.statusText;
`,
          )
          .replace(
            '  if (!body) return destination.end();\n',
            '  if (!body) return kept ? destination.end(kept.bytes) : destination.end();\n',
          ),
    ),
    changeModule(
      'bancadati:page-bytes-write-check',
      '/astro/dist/core/app/node.js',
      'destination.end(kept.bytes)',
      (code) => code,
    ),
  ]
}
