/**
 * The emulator's pages for the browser: the card authentication challenge
 * ('Completa' / 'Rifiuta'), the hosted invoice page and the invoice PDF.
 */
import type Stripe from 'stripe'
import { formatDate, formatEuroCents } from '../../modules/i18n/index.ts'
import { escapeHtml } from '../../modules/platform/index.ts'
import { renderPdf, type PdfLine } from '../pdf.ts'

const escape = escapeHtml

const euro = formatEuroCents
const date = (seconds: number) => formatDate(seconds * 1000)

const page = (title: string, body: string) => `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1d2433;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:32px;max-width:420px;width:calc(100% - 32px)}
h1{font-size:1.25rem;margin:0 0 8px}p{line-height:1.5;margin:0 0 16px}.badge{display:inline-block;background:#fff4d6;color:#7a5b00;border-radius:999px;padding:2px 10px;font-size:.8rem;margin-bottom:12px}
.actions{display:flex;gap:12px;flex-wrap:wrap}button{font:inherit;border:0;border-radius:8px;padding:10px 20px;cursor:pointer}
.ok{background:#1f6feb;color:#fff}.ko{background:#e5e7eb;color:#1d2433}table{width:100%;border-collapse:collapse}td{padding:6px 0;border-bottom:1px solid #eee}td:last-child{text-align:right}
</style></head><body><main>${body}</main></body></html>`

/** The 3-D Secure challenge of a payment. */
export function challengePage(pi: Stripe.PaymentIntent, base: string, returnUrl: string | null): string {
  const action = (outcome: string) =>
    `${base}/challenge/${encodeURIComponent(pi.id)}/${outcome}${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ''}`
  if (pi.status !== 'requires_action') {
    return page(
      'Autenticazione del pagamento',
      `<span class="badge">Modalità di prova</span><h1>Autenticazione già conclusa</h1><p>Questo pagamento non richiede più l'autenticazione.</p>`,
    )
  }
  return page(
    'Autenticazione del pagamento',
    `<span class="badge">Modalità di prova</span>
<h1>Autenticazione del pagamento</h1>
<p>La tua banca chiede di confermare il pagamento di <strong>${escape(euro(pi.amount))}</strong>.</p>
<div class="actions">
<form method="post" action="${escape(action('complete'))}"><button class="ok" type="submit">Completa</button></form>
<form method="post" action="${escape(action('fail'))}"><button class="ko" type="submit">Rifiuta</button></form>
</div>`,
  )
}

/** What the challenge page shows when there is no page to return to. */
export function challengeDone(approved: boolean): string {
  return page(
    'Autenticazione del pagamento',
    `<span class="badge">Modalità di prova</span><h1>${approved ? 'Pagamento autenticato' : 'Autenticazione rifiutata'}</h1><p>Puoi chiudere questa finestra.</p>`,
  )
}

function invoiceRows(invoice: Stripe.Invoice): [string, string][] {
  const rows: [string, string][] = invoice.lines.data.map((line) => [
    line.description ?? '',
    euro(line.amount),
  ])
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, entry) => sum + entry.amount, 0)
  if (discount > 0) rows.push(['Sconto', `-${euro(discount)}`])
  rows.push(['Imponibile', euro(invoice.total_excluding_tax ?? invoice.subtotal)])
  const tax = (invoice.total_taxes ?? []).reduce((sum, entry) => sum + entry.amount, 0)
  rows.push(['IVA 22%', euro(tax)])
  rows.push(['Totale', euro(invoice.total)])
  return rows
}

/** The hosted invoice page. */
export function invoicePage(invoice: Stripe.Invoice, base: string): string {
  return page(
    `Fattura ${invoice.number ?? invoice.id}`,
    `<span class="badge">Modalità di prova</span><h1>Fattura ${escape(invoice.number ?? invoice.id)}</h1>
<p>${escape(invoice.customer_name ?? invoice.customer_email ?? '')} · ${escape(date(invoice.created))} · ${invoice.status === 'paid' ? 'pagata' : 'da pagare'}</p>
<table>${invoiceRows(invoice)
      .map(([label, value]) => `<tr><td>${escape(label)}</td><td>${escape(value)}</td></tr>`)
      .join('')}</table>
<p style="margin-top:16px"><a href="${escape(`${base}/invoices/${encodeURIComponent(invoice.id)}/pdf`)}">Scarica il PDF</a></p>`,
  )
}

/** The invoice as a PDF document (pdfmake). */
export async function invoicePdf(invoice: Stripe.Invoice): Promise<Uint8Array> {
  const address = invoice.customer_address
  const lines: PdfLine[] = [
    { text: `Fattura ${invoice.number ?? invoice.id}`, style: 'title' },
    {
      text: `Data: ${date(invoice.created)}    Stato: ${invoice.status === 'paid' ? 'pagata' : 'da pagare'}`,
      style: 'body',
    },
    { text: 'Banca Dati CCNL', style: 'subheading' },
    { text: 'Intestatario', style: 'heading' },
    { text: invoice.customer_name ?? '', style: 'body' },
    { text: invoice.customer_email ?? '', style: 'body' },
    ...(address
      ? [
          {
            text: [address.line1, address.postal_code, address.city, address.state, address.country]
              .filter(Boolean)
              .join(', '),
            style: 'body' as const,
          },
        ]
      : []),
    { text: 'Dettaglio', style: 'heading' },
    { table: { head: ['Voce', 'Importo'], rows: invoiceRows(invoice) } },
    {
      text: `Periodo: ${date(invoice.period_start)} - ${date(invoice.period_end)}`,
      style: 'body',
    },
  ]
  return renderPdf(lines, `Fattura ${invoice.number ?? invoice.id}`)
}
