/**
 * The 14 macro-sectors of the CNEL national archive of collective agreements, with the
 * portal's internal codes (Terziario e servizi is 11: the guided tours use /bancadati/0/11/...).
 */
export type SectorFact = {
  code: number
  /** The letter that opens the CNEL codes of the sector's agreements. */
  letter: string
  name: string
  cnelName: string
  /** Media file of the sector's card illustration. */
  image: string
}

export const sectorFacts: SectorFact[] = [
  { code: 1, letter: 'A', name: 'Agricoltura', cnelName: 'AGRICOLTURA', image: 'settore-agricoltura.svg' },
  { code: 2, letter: 'B', name: 'Chimici', cnelName: 'CHIMICI', image: 'settore-chimici.svg' },
  { code: 3, letter: 'C', name: 'Meccanici', cnelName: 'MECCANICI', image: 'settore-meccanici.svg' },
  { code: 4, letter: 'D', name: 'Tessili', cnelName: 'TESSILI', image: 'settore-tessili.svg' },
  {
    code: 5,
    letter: 'E',
    name: 'Alimentaristi',
    cnelName: 'ALIMENTARISTI',
    image: 'settore-alimentaristi.svg',
  },
  {
    code: 6,
    letter: 'F',
    name: 'Edilizia, legno e arredamento',
    cnelName: 'EDILIZIA, LEGNO E ARREDAMENTO',
    image: 'settore-edilizia.svg',
  },
  {
    code: 7,
    letter: 'G',
    name: 'Poligrafici e spettacolo',
    cnelName: 'POLIGRAFICI E SPETTACOLO',
    image: 'settore-poligrafici.svg',
  },
  { code: 8, letter: 'I', name: 'Trasporti', cnelName: 'TRASPORTI', image: 'settore-trasporti.svg' },
  {
    code: 9,
    letter: 'J',
    name: 'Credito e assicurazioni',
    cnelName: 'CREDITO E ASSICURAZIONI',
    image: 'settore-credito.svg',
  },
  {
    code: 10,
    letter: 'K',
    name: 'Aziende di servizi',
    cnelName: 'AZIENDE DI SERVIZI',
    image: 'settore-servizi.svg',
  },
  {
    code: 11,
    letter: 'H',
    name: 'Terziario e servizi',
    cnelName: 'TERZIARIO E SERVIZI',
    image: 'settore-terziario.svg',
  },
  {
    code: 12,
    letter: 'T',
    name: 'Istruzione, sanità, assistenza, cultura, enti',
    cnelName: 'ISTRUZIONE, SANITÀ, ASSISTENZA, CULTURA, ENTI',
    image: 'settore-istruzione-sanita.svg',
  },
  {
    code: 13,
    letter: 'V',
    name: 'CCNL plurisettoriali, microsettoriali e altri',
    cnelName: 'CCNL PLURISETTORIALI, MICROSETTORIALI E ALTRI',
    image: 'settore-plurisettoriali.svg',
  },
  {
    code: 14,
    letter: 'Z',
    name: 'Amministrazione pubblica',
    cnelName: 'AMMINISTRAZIONE PUBBLICA',
    image: 'settore-pubblica-amministrazione.svg',
  },
]
