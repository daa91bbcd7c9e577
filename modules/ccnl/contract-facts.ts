/**
 * A contract's public facts as the API gives them: who signed, first filing,
 * expiry and validity (read on today's calendar day in Rome) and the CNEL
 * archive's representativeness with the badge's verdict.
 */
import { calendarDay, isMostRepresentative, validityOn } from '../content/index.ts'
import type { Contract } from './catalog.ts'

export function contractFacts(contract: Contract, today = calendarDay(new Date())) {
  const validity = validityOn(contract.expiresOn ? calendarDay(contract.expiresOn) : null, today)
  const facts = contract.representativeness
  return {
    firmatari: { datoriali: contract.signatories.employer, sindacali: contract.signatories.union },
    primoDeposito: contract.firstFiledOn ? calendarDay(contract.firstFiledOn) : null,
    scadenza: contract.expiresOn ? calendarDay(contract.expiresOn) : null,
    vigenza: validity
      ? {
          stato: validity.state === 'expired' ? ('scaduto' as const) : ('in vigore' as const),
          data: validity.on,
        }
      : null,
    rappresentativita: {
      rappresentatoAlCnel: facts.representedAtCnel,
      datorialeCnel: facts.employerSideAtCnel,
      sindacatoCnel: facts.unionSideAtCnel,
      confederazioni: facts.confederations,
      piuRappresentativo: isMostRepresentative(facts),
    },
  }
}
