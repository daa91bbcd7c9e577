import type { TermsFact } from './model.ts'

/** Notice table header shared by most contracts. */
export const noticeHead = ['Livelli', 'Fino a 5 anni di servizio', 'Da 5 a 10 anni', 'Oltre 10 anni']

/** Usual terms of an industrial contract; each contract overrides what differs. */
export const industryTerms: TermsFact = {
  weeklyHours: 40,
  ferie: 'quattro settimane di calendario',
  rolHours: 72,
  exFestivitaHours: 32,
  extraMonths: 13,
  seniority: { count: 5, years: 2 },
  sickDays: 183,
  sickPay:
    "l'intera retribuzione globale per i primi tre mesi e la metà per i tre mesi successivi, comprensiva dell'indennità a carico dell'INPS",
  probation: [
    ['Quadri e livelli direttivi', '6 mesi'],
    ['Impiegati di concetto', '3 mesi'],
    ['Impiegati d’ordine e operai specializzati', '2 mesi'],
    ['Altri lavoratori', '1 mese'],
  ],
  noticeHead,
  notice: [
    ['Quadri e livelli direttivi', '2 mesi', '3 mesi', '4 mesi'],
    ['Impiegati di concetto', '1 mese e mezzo', '2 mesi', '2 mesi e mezzo'],
    ['Impiegati d’ordine', '1 mese', '1 mese e mezzo', '2 mesi'],
    ['Operai', '2 settimane', '3 settimane', '1 mese'],
  ],
  overtimePct: 25,
  overtimeYearly: 250,
  nightPct: 30,
  holidayPct: 50,
  scope: [],
  apprenticeMonths: 36,
  apprenticeTrainingHours: 80,
  marriageDays: 15,
}

/** Usual terms of a Confcommercio-family services contract. */
export const tertiaryTerms: TermsFact = {
  ...industryTerms,
  ferie: '26 giorni lavorativi (settimana lavorativa di sei giorni)',
  extraMonths: 14,
  seniority: { count: 10, years: 3 },
  sickDays: 180,
  sickPay:
    "il 100% della retribuzione per i primi tre giorni, il 75% dal 4° al 20° giorno e il 100% dal 21° giorno in poi, compresa l'indennità a carico dell'INPS",
  probation: [
    ['Quadri e 1° livello', '6 mesi'],
    ['2° e 3° livello', '3 mesi'],
    ['4° e 5° livello', '60 giorni di lavoro effettivo'],
    ['6° e 7° livello', '45 giorni di lavoro effettivo'],
  ],
  notice: [
    ['Quadri e 1° livello', '60 giorni', '90 giorni', '120 giorni'],
    ['2° e 3° livello', '30 giorni', '45 giorni', '60 giorni'],
    ['4° e 5° livello', '20 giorni', '30 giorni', '45 giorni'],
    ['6° e 7° livello', '15 giorni', '20 giorni', '20 giorni'],
  ],
  overtimePct: 15,
  nightPct: 50,
  holidayPct: 30,
  marriageDays: 15,
}
