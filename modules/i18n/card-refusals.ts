/**
 * The Italian reason of a card refusal from what Stripe (or Stripe.js)
 * reports: the error `code` and the `decline_code`
 * (docs.stripe.com/declines/codes). Null for a generic refusal, whose text is
 * the caller's own ('Il pagamento non è andato a buon fine…', 'Errore durante
 * l'aggiornamento del metodo di pagamento.').
 */
import { billing } from './billing.ts'

const reasons = billing.checkout.refusals

/** Stripe's codes (decline code first, then error code) and the reason each stands for. */
const byCode: Readonly<Record<string, string>> = {
  insufficient_funds: reasons.insufficientFunds,
  expired_card: reasons.expiredCard,
  incorrect_cvc: reasons.incorrectCvc,
  invalid_cvc: reasons.incorrectCvc,
  authentication_failure: reasons.authenticationFailed,
  payment_intent_authentication_failure: reasons.authenticationFailed,
  authentication_required: reasons.authenticationRequired,
  incorrect_number: reasons.incorrectNumber,
  invalid_number: reasons.incorrectNumber,
  processing_error: reasons.processingError,
}

export function cardRefusal(
  refusal: { code?: string | null; decline_code?: string | null } | null | undefined,
): string | null {
  return byCode[refusal?.decline_code ?? ''] ?? byCode[refusal?.code ?? ''] ?? null
}

/** The card-update failure ('Errore durante l'aggiornamento del metodo di pagamento.'), with the bank's reason when there is one. */
export function cardUpdateRefused(reason: string | null): string {
  const failure = billing.errors.cardUpdateFailed
  return reason ? `${failure} ${reason}` : failure
}
