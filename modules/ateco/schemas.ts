/** The zod schema of the finder's answer (GET /api/v1/ateco/contratti). */
import { z } from '@hono/zod-openapi'
import { atecoLevels } from './codes.ts'

export const FinderContractSchema = z
  .object({
    codiceContratto: z.number().int(),
    titolo: z.string(),
    codiceCnel: z.string().nullable(),
    codiceSettore: z.number().int(),
    settore: z.string(),
    categorie: z.array(
      z.object({ codiceCategoria: z.number().int(), descrizione: z.string(), percorso: z.string() }),
    ),
    tipoMotivo: z.enum(['codice', 'vicino', 'sezione']),
    motivo: z.string(),
    principale: z.boolean(),
    applicazione: z
      .object({
        aziende: z.number().int().nullable(),
        dipendenti: z.number().int().nullable(),
        fonte: z.string().nullable(),
      })
      .nullable(),
  })
  .openapi('ContrattoPerAttivita')

export const FinderCodeSchema = z
  .object({
    codiceAteco: z.string(),
    titolo: z.string(),
    livello: z.enum(atecoLevels),
    sezione: z.string(),
    titoloSezione: z.string(),
    indiretto: z.boolean(),
    ordinamento: z.enum(['applicazione', 'rappresentativita']).nullable(),
    notaOrdinamento: z.string().nullable(),
    contratti: z.array(FinderContractSchema),
  })
  .openapi('CodiceAtecoTrovato')

export const FinderAnswerSchema = z
  .object({
    ricerca: z.string(),
    tipo: z.enum(['codice', 'parole', 'vuota']),
    codice: z.string().nullable(),
    codiceVicino: z.string().nullable(),
    raccordo: z
      .object({
        codice: z.string(),
        codiciAteco2025: z.array(z.string()),
        metodo: z.enum(['tavolaIstat', 'codiceVicino']),
      })
      .nullable(),
    messaggio: z.string().nullable(),
    risultati: z.array(FinderCodeSchema),
  })
  .openapi('ContrattiPerAttivita')
