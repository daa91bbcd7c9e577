/**
 * The Sistema di Interscambio as the portal reaches it: through an
 * intermediary, behind one interface. The provider is chosen by `SDI_PROVIDER`
 * and handed to billing by the server (`setSdiProvider`), as the Stripe client
 * is: `locale` is the local intermediary of embedded mode (`dev/sdi.ts`).
 *
 * A file's states: pending (da inviare) → sent (inviata, SDI gave it an
 * identifier) → delivered (consegnata: ricevuta di consegna RC) |
 * undeliverable (non recapitata: ricevuta di impossibilità di recapito MC,
 * the invoice is issued and waits in the buyer's reserved area) | rejected
 * (scartata: notifica di scarto NS, with SDI's error codes; the invoice is not
 * issued and is resent, corrected, with the same number).
 */

/** A file as SDI receives it. */
export type SdiFile = { fileName: string; xml: string }

/** One error of a rejection: SDI's code ('00311') and its description. */
export type SdiError = { code: string; description: string }

/** SDI's answer about a file once it has one. */
export type SdiReceipt =
  { kind: 'RC'; at: Date } | { kind: 'MC'; at: Date } | { kind: 'NS'; at: Date; errors: SdiError[] }

/** An intermediary's surface: send a file, then ask for its receipt. */
export interface SdiProvider {
  /** The provider's name, as `SDI_PROVIDER` names it. */
  readonly name: string
  /** Hands a file over; SDI's identifier of it (IdentificativoSdI). */
  send(file: SdiFile): Promise<{ sdiId: string }>
  /** The receipt of a file sent, or null while SDI has not answered yet. */
  receipt(sdiId: string): Promise<SdiReceipt | null>
}

/** The states of a transmission, in the order a file goes through them. */
export const SDI_STATES = ['pending', 'invalid', 'sent', 'delivered', 'undeliverable', 'rejected'] as const
export type SdiState = (typeof SDI_STATES)[number]

/** The state a receipt moves a sent file to. */
export function stateOfReceipt(receipt: SdiReceipt): SdiState {
  return receipt.kind === 'RC' ? 'delivered' : receipt.kind === 'MC' ? 'undeliverable' : 'rejected'
}

let provider: SdiProvider | null = null

/** Sets the process's intermediary (the server, at start). */
export function setSdiProvider(value: SdiProvider | null): void {
  provider = value
}

/** The process's intermediary, or null when none is configured (files then wait, 'da inviare'). */
export function getSdiProvider(): SdiProvider | null {
  return provider
}
