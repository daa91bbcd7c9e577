/**
 * The local SDI intermediary (`SDI_PROVIDER=locale`, the default with the
 * Stripe emulator): it accepts a file, gives it an SDI identifier and, after
 * a moment (`delayMs`), answers as the Sistema di Interscambio would. Its
 * files live in the portal's Postgres (`sdi_local_files`, created at start),
 * so receipts survive a restart.
 *
 * The checks it makes are a subset of SDI's, with SDI's codes:
 * - 00200 the file does not follow the FatturaPA schema;
 * - 00305 the buyer's Italian partita IVA is not valid (IdFiscaleIVA);
 * - 00311 the codice destinatario is not registered: `ZZZZZZZ` is the one
 *   test code this SDI does not know (as `pm_card_chargeDeclined` is Stripe's);
 * - 00404 the same invoice (seller, type, number, year) was already accepted.
 * A file that passes gets the delivery receipt (RC), or, with codice
 * destinatario `0000000` and no PEC (a consumer), the receipt of
 * impossibility of delivery (MC): the invoice is issued all the same and
 * waits in the buyer's reserved area. Foreign buyers (`XXXXXXX`) get RC.
 */
import { fpa2js } from '@digitalia/fatturapa'
import type { Pool } from 'pg'
import { italianTaxIdKind } from '../modules/italian-identifiers/index.ts'
import {
  validateFattura,
  type SdiError,
  type SdiFile,
  type SdiProvider,
  type SdiReceipt,
} from '../modules/billing/index.ts'

/** The codice destinatario the local SDI does not know (SDI's 00311). */
export const UNREGISTERED_RECIPIENT_CODE = 'ZZZZZZZ'

/** The local intermediary's table, made at its start (and by a restore, before loading a snapshot's rows). */
export const localSdiSchema = /* sql */ `
create table if not exists sdi_local_files (
  sdi_id bigserial primary key,
  file_name text not null,
  xml text not null,
  invoice_key text,
  errors jsonb not null,
  outcome text not null,
  received_at timestamptz not null default now()
);
`

export type LocalSdi = SdiProvider & {
  /** The files received, newest first (tests and demos). */
  files(): Promise<{ sdiId: string; fileName: string; xml: string; outcome: string; errors: SdiError[] }[]>
}

type Node = Record<string, unknown> | undefined
const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((value, key) => (value as Node)?.[key], node)
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** What SDI finds wrong with a file, and the key that makes an invoice a duplicate. */
async function check(
  xml: string,
): Promise<{ errors: SdiError[]; invoiceKey: string | null; outcome: 'RC' | 'MC' }> {
  const validation = await validateFattura(xml)
  if (!validation.valid)
    return {
      errors: [
        {
          code: '00200',
          description:
            `File non conforme al formato: ${validation.problems.map((p) => p.message).join('; ')}`.slice(
              0,
              1000,
            ),
        },
      ],
      invoiceKey: null,
      outcome: 'RC',
    }
  const root = fpa2js(xml, { validate: false, valuesOnly: true }) as Node
  const header = at(root, 'FatturaElettronicaHeader')
  const general = at(root, 'FatturaElettronicaBody', 'DatiGenerali', 'DatiGeneraliDocumento')
  const errors: SdiError[] = []
  const recipient = text(at(header, 'DatiTrasmissione', 'CodiceDestinatario'))
  if (recipient === UNREGISTERED_RECIPIENT_CODE)
    errors.push({
      code: '00311',
      description: `1.1.4 <CodiceDestinatario> non valido: ${recipient} non censito`,
    })
  const buyerVat = at(header, 'CessionarioCommittente', 'DatiAnagrafici', 'IdFiscaleIVA')
  if (
    text(at(buyerVat, 'IdPaese')) === 'IT' &&
    italianTaxIdKind(text(at(buyerVat, 'IdCodice'))) !== 'partitaIva'
  )
    errors.push({
      code: '00305',
      description: `1.4.1.1.2 <IdCodice> non valido: ${text(at(buyerVat, 'IdCodice'))}`,
    })
  const seller = text(at(header, 'CedentePrestatore', 'DatiAnagrafici', 'IdFiscaleIVA', 'IdCodice'))
  const invoiceKey = [
    seller,
    text(at(general, 'TipoDocumento')),
    text(at(general, 'Numero')),
    text(at(general, 'Data')).slice(0, 4),
  ].join('|')
  const pec = text(at(header, 'DatiTrasmissione', 'PECDestinatario'))
  return { errors, invoiceKey, outcome: recipient === '0000000' && !pec ? 'MC' : 'RC' }
}

/** Starts the local intermediary on the portal's Postgres; receipts come `delayMs` after a file is received. */
export async function startLocalSdi(options: { pool: Pool; delayMs?: number }): Promise<LocalSdi> {
  const { pool } = options
  const delayMs = options.delayMs ?? 5_000
  await pool.query(localSdiSchema)
  return {
    name: 'locale',
    async send(file: SdiFile) {
      const checked = await check(file.xml)
      const errors = [...checked.errors]
      if (checked.invoiceKey && errors.length === 0) {
        const duplicate = await pool.query(
          `select 1 from sdi_local_files where invoice_key = $1 and outcome <> 'NS' limit 1`,
          [checked.invoiceKey],
        )
        if (duplicate.rowCount) errors.push({ code: '00404', description: 'Fattura duplicata' })
      }
      const outcome = errors.length > 0 ? 'NS' : checked.outcome
      const stored = await pool.query<{ sdi_id: string }>(
        `insert into sdi_local_files (file_name, xml, invoice_key, errors, outcome)
         values ($1, $2, $3, $4::jsonb, $5) returning sdi_id`,
        [file.fileName, file.xml, checked.invoiceKey, JSON.stringify(errors), outcome],
      )
      return { sdiId: String(stored.rows[0]?.sdi_id) }
    },
    async receipt(sdiId: string): Promise<SdiReceipt | null> {
      const found = await pool.query<{ errors: SdiError[]; outcome: string; received_at: Date }>(
        'select errors, outcome, received_at from sdi_local_files where sdi_id = $1',
        [sdiId],
      )
      const row = found.rows[0]
      if (!row) throw new Error(`IdentificativoSdI ${sdiId} sconosciuto`)
      const answered = row.received_at.getTime() + delayMs
      if (Date.now() < answered) return null
      const when = new Date(answered)
      if (row.outcome === 'NS') return { kind: 'NS', at: when, errors: row.errors }
      return { kind: row.outcome === 'MC' ? 'MC' : 'RC', at: when }
    },
    async files() {
      const rows = await pool.query<{
        sdi_id: string
        file_name: string
        xml: string
        outcome: string
        errors: SdiError[]
      }>('select sdi_id, file_name, xml, outcome, errors from sdi_local_files order by sdi_id desc')
      return rows.rows.map((row) => ({
        sdiId: String(row.sdi_id),
        fileName: row.file_name,
        xml: row.xml,
        outcome: row.outcome,
        errors: row.errors,
      }))
    },
  }
}
