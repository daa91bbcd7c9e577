/**
 * Checks a FatturaPA file against the official XSD (xmllint compiled to
 * WebAssembly, `xmllint-wasm`), with the schema `@digitalia/fatturapa` ships
 * (Schema del file xml FatturaPA 1.2.1; the 1.2.2 schema only adds codes —
 * document types TD16–TD27, natures N2.1–N6.9, payment MP23 — that the
 * portal's invoices and credit notes do not use).
 *
 * The schema imports the W3C XML-signature schema by its internet address,
 * which xmllint cannot fetch offline; the files the portal makes are not
 * signed, so the optional `ds:Signature` element is accepted unchecked
 * (`xs:any` of its namespace) and every other rule is the official one.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { validateXML } from 'xmllint-wasm'

/** One problem xmllint found, without its location prefix. */
export type FatturaProblem = { line: number | null; message: string }

export type FatturaValidation = { valid: boolean; problems: FatturaProblem[] }

const SIGNATURE_IMPORT = /<xs:import namespace="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"[^>]*\/>/
const SIGNATURE_REF = /<xs:element ref="ds:Signature"\s+minOccurs="0"\s*\/>/

let schema: Promise<string> | null = null

/** The official schema as shipped, with the signature element taken as it comes (see above). */
async function loadSchema(): Promise<string> {
  const require = createRequire(import.meta.url)
  const root = path.dirname(require.resolve('@digitalia/fatturapa/package.json'))
  const text = (await readFile(path.join(root, 'src/schemas/Schema_1.2.1.xsd'), 'utf8')).replace(
    /^\uFEFF/,
    '',
  )
  if (!SIGNATURE_IMPORT.test(text) || !SIGNATURE_REF.test(text))
    throw new Error('Schema FatturaPA inatteso: import della firma XML non trovato')
  return text
    .replace(SIGNATURE_IMPORT, '')
    .replace(
      SIGNATURE_REF,
      '<xs:any namespace="http://www.w3.org/2000/09/xmldsig#" processContents="skip" minOccurs="0"/>',
    )
}

/** Validates `xml` against the FatturaPA schema; every problem with its line. */
export async function validateFattura(xml: string): Promise<FatturaValidation> {
  schema ??= loadSchema()
  const result = await validateXML({
    xml: [{ fileName: 'fattura.xml', contents: xml }],
    schema: [{ fileName: 'fatturapa.xsd', contents: await schema }],
  })
  return {
    valid: result.valid,
    problems: result.errors.map((error) => ({ line: error.loc?.lineNumber ?? null, message: error.message })),
  }
}
