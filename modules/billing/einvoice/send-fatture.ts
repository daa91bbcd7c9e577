/**
 * One run of the SDI transmissions (the Payload job `sdiTransmissions`, every
 * minute, and the tests): the files waiting are built (the invoice's
 * document, a new progressivo, the XML checked against the schema), stored,
 * then handed to the intermediary; the files sent ask for their receipt.
 * The built file is committed before it is sent, so a crash between the two
 * sends the same file again, never another. A failure (seller's data
 * incomplete, file not valid, intermediary unreachable) is kept on the row for
 * the operators and retried later, a little later each time; a file whose
 * data break the format's rules (a country that is not an ISO code, a CAP of
 * four digits…) is `invalid` instead, with the reason naming the field, and
 * waits for the operators' 'Riprova' (`retry-fattura.ts`) after the data are corrected.
 */
import type { Logger } from 'pino'
import { whenUnlocked } from '../../platform/index.ts'
import { it } from '../../i18n/index.ts'
import { creditNoteDocument } from '../credit-notes.ts'
import { issuedDocument } from '../invoice-download.ts'
import { getBillingPool, inBillingTransaction } from '../runtime.ts'
import { buildFattura, fatturaFileName } from './build-fattura.ts'
import type { FatturaKind } from './queue-fattura.ts'
import { FatturaDataError } from './fattura-values.ts'
import { getSdiProvider, stateOfReceipt, type SdiProvider } from './sdi.ts'
import { validateFattura } from './validate-fattura.ts'

const LOCK_KEY = 'billing:sdi-transmissions'
const BATCH = 50

export type SdiRunReport = { built: number; sent: number; receipts: number; failed: number }

type Waiting = {
  id: string
  invoice_id: string
  kind: FatturaKind
  xml: string | null
  file_name: string | null
  attempts: number
}

/** A progressivo of five letters and digits from the sequence (36^5 files before it grows a character). */
export function progressiveOf(value: number): string {
  return value.toString(36).toUpperCase().padStart(5, '0')
}

async function fail(id: string, attempts: number, error: unknown): Promise<void> {
  const pool = await getBillingPool()
  const message = error instanceof Error ? error.message : String(error)
  // 1, 2, 4 … minutes, at most an hour.
  const minutes = Math.min(60, 2 ** Math.min(attempts, 6))
  await pool.query(
    `update billing_sdi_transmissions
        set attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(mins => $3)
      where id = $1`,
    [id, message.slice(0, 2000), minutes],
  )
}

/** A file whose data break the format's rules: `invalid` (da correggere), the reason naming each field. */
async function markInvalid(id: string, error: FatturaDataError): Promise<void> {
  const pool = await getBillingPool()
  await pool.query(
    `update billing_sdi_transmissions set state = 'invalid', attempts = attempts + 1, last_error = $2
      where id = $1 and state = 'pending'`,
    [id, error.message.slice(0, 2000)],
  )
}

/** Builds and stores the file of a waiting row (once: a built row keeps its file and progressivo). */
async function build(row: Waiting): Promise<{ fileName: string; xml: string }> {
  if (row.xml && row.file_name) return { fileName: row.file_name, xml: row.xml }
  // A credit note (TD04) names the invoice it corrects.
  const { document, related } =
    row.kind === 'TD04'
      ? await creditNoteDocument(row.invoice_id)
      : { document: await issuedDocument(row.invoice_id), related: undefined }
  return inBillingTransaction(async (client) => {
    const next = await client.query<{ value: string }>(`select nextval('billing_sdi_progressive') as value`)
    const progressive = progressiveOf(Number(next.rows[0]?.value ?? 0))
    const xml = buildFattura({ kind: row.kind, document, related, transmission: { progressive } })
    const validation = await validateFattura(xml)
    // A rule the value layer does not know, caught by the official schema: refused the same way.
    if (!validation.valid)
      throw new FatturaDataError(
        validation.problems.map((problem) => ({
          field: it.invoices.einvoice.schemaField,
          element: '',
          value: '',
          reason: problem.message,
        })),
      )
    const fileName = fatturaFileName(document, progressive)
    await client.query(
      `update billing_sdi_transmissions set progressive = $2, file_name = $3, xml = $4, last_error = null
        where id = $1 and xml is null`,
      [row.id, progressive, fileName, xml],
    )
    return { fileName, xml }
  })
}

async function sendWaiting(provider: SdiProvider, report: SdiRunReport, logger: Pick<Logger, 'warn'>) {
  const pool = await getBillingPool()
  const waiting = await pool.query<Waiting>(
    `select id, invoice_id, kind, xml, file_name, attempts from billing_sdi_transmissions
      where state = 'pending' and next_attempt_at <= now() order by id limit $1`,
    [BATCH],
  )
  for (const row of waiting.rows) {
    try {
      const built = !row.xml
      const file = await build(row)
      if (built) report.built += 1
      const { sdiId } = await provider.send(file)
      await pool.query(
        `update billing_sdi_transmissions
            set state = 'sent', sdi_id = $2, sent_at = now(), last_error = null, next_attempt_at = now()
          where id = $1 and state = 'pending'`,
        [row.id, sdiId],
      )
      report.sent += 1
    } catch (error) {
      report.failed += 1
      if (error instanceof FatturaDataError) {
        // The data are wrong, not the moment: flagged to operators with the reason, never retried by itself.
        logger.warn(
          { invoiceId: row.invoice_id, problems: error.problems },
          'Fattura elettronica da correggere: dati non validi',
        )
        await markInvalid(row.id, error)
        continue
      }
      logger.warn({ err: error, invoiceId: row.invoice_id }, 'Fattura elettronica non inviata a SDI')
      await fail(row.id, row.attempts, error)
    }
  }
}

async function followSent(provider: SdiProvider, report: SdiRunReport, logger: Pick<Logger, 'warn'>) {
  const pool = await getBillingPool()
  const sent = await pool.query<{ id: string; sdi_id: string; attempts: number; invoice_id: string }>(
    `select id, sdi_id, attempts, invoice_id from billing_sdi_transmissions
      where state = 'sent' and next_attempt_at <= now() order by id limit $1`,
    [BATCH],
  )
  for (const row of sent.rows) {
    try {
      const receipt = await provider.receipt(row.sdi_id)
      if (!receipt) continue
      await pool.query(
        `update billing_sdi_transmissions set state = $2, errors = $3::jsonb, outcome_at = $4, last_error = null
          where id = $1 and state = 'sent'`,
        [
          row.id,
          stateOfReceipt(receipt),
          receipt.kind === 'NS' ? JSON.stringify(receipt.errors) : null,
          receipt.at,
        ],
      )
      report.receipts += 1
    } catch (error) {
      report.failed += 1
      logger.warn({ err: error, invoiceId: row.invoice_id }, 'Esito SDI non disponibile')
      await fail(row.id, row.attempts, error)
    }
  }
}

/**
 * Sends what waits and collects the receipts, one run at a time across the
 * instances (advisory lock); null when another run holds the lock or no
 * intermediary is configured (the files wait, 'da inviare').
 */
export async function runSdiTransmissions(options: {
  logger: Pick<Logger, 'warn'>
  provider?: SdiProvider | null
}): Promise<SdiRunReport | null> {
  const provider = options.provider ?? getSdiProvider()
  if (!provider) return null
  const run = await whenUnlocked(await getBillingPool(), LOCK_KEY, async () => {
    const report: SdiRunReport = { built: 0, sent: 0, receipts: 0, failed: 0 }
    await sendWaiting(provider, report, options.logger)
    await followSent(provider, report, options.logger)
    return report
  })
  return run.ran ? run.value : null
}
