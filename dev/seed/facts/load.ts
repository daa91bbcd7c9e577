/**
 * The facts of the demo data set, committed as data: data/seed/contracts.json (the national
 * agreements: real CNEL codes, titles and signatories, real minimum pay where it is public,
 * plausible figures with consistent progressions elsewhere; Terziario Confcommercio is
 * contract 133, category 19), data/seed/sectors.json (the 14 CNEL macro-sectors) and
 * data/seed/changelog.json (the product changelog of the news feed) and data/seed/labour-cost.json
 * (the contribution rates of 2025 and 2026 with their sources, and the cost of labour's terms of
 * a few contracts).
 */
import { readFileSync } from 'node:fs'
import type { ContributionRatesRecord, LabourCostTerms } from '../../../modules/content/index.ts'
import type { ChangelogFact, ContractFact, SectorFact } from './model.ts'

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../../data/seed/${file}`, import.meta.url), 'utf8')) as T

/** The national agreements with their categories, pay, terms and renewals. */
export const contractFacts = read<ContractFact[]>('contracts.json')
/** The macro-sectors, with the portal's internal codes. */
export const sectorFacts = read<SectorFact[]>('sectors.json')
/** The product changelog entries of the news feed ('AGGIORNAMENTO PRODOTTI'). */
export const changelogFacts = read<ChangelogFact[]>('changelog.json')
/** The contribution rates by INPS classification and size band, and the labour-cost terms by contract code. */
export const labourCostFacts = read<{
  contributionRates: ContributionRatesRecord[]
  terms: Record<string, LabourCostTerms>
}>('labour-cost.json')
