import { describe, expect, it } from 'vitest'
import { createContactSchema, updateProfessionSchema } from './schemas.ts'

describe('marketing contact calls', () => {
  it('accept any known profession and the placeholder', () => {
    expect(
      createContactSchema.parse({
        email: 'A@b.it',
        name: 'A B',
        product: 'Premium',
        professione: 'avvocato',
      }),
    ).toEqual({
      email: 'a@b.it',
      name: 'A B',
      product: 'Premium',
      professione: 'avvocato',
    })
    expect(createContactSchema.parse({ email: 'a@b.it', professione: 'default' }).professione).toBeNull()
  })

  it('require a real profession to update it', () => {
    expect(updateProfessionSchema.safeParse({ email: 'a@b.it', professione: 'default' }).success).toBe(false)
    expect(updateProfessionSchema.safeParse({ email: 'a@b.it', professione: 'sindacato' }).success).toBe(true)
  })
})
