/** The brand mark of a card (visa, mastercard, amex; a generic card otherwise), drawn inline. */

const names: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' }

/** The brand's name as people read it. */
export function brandName(brand: string): string {
  return names[brand] ?? 'Carta'
}

export function CardBrand({ brand }: { brand: string }) {
  const label = brandName(brand)
  return (
    <svg
      className="card-brand"
      viewBox="0 0 48 32"
      width="48"
      height="32"
      role="img"
      aria-label={label}
      data-brand={brand}
    >
      <title>{label}</title>
      {brand === 'visa' ? (
        <>
          <rect width="48" height="32" rx="4" fill="#1a1f71" />
          <text
            x="24"
            y="21"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="13"
            fontStyle="italic"
            fontWeight="700"
            fill="#fff"
          >
            VISA
          </text>
        </>
      ) : brand === 'mastercard' ? (
        <>
          <rect width="48" height="32" rx="4" fill="#252525" />
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" />
          <path d="M24 8.4a9 9 0 0 1 0 15.2 9 9 0 0 1 0-15.2z" fill="#ff5f00" />
        </>
      ) : brand === 'amex' ? (
        <>
          <rect width="48" height="32" rx="4" fill="#1f72cd" />
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fontFamily="Arial, sans-serif"
            fontSize="10"
            fontWeight="700"
            fill="#fff"
          >
            AMEX
          </text>
        </>
      ) : (
        <>
          <rect width="48" height="32" rx="4" fill="#e4e7ec" />
          <rect x="6" y="9" width="36" height="4" fill="#98a2b3" />
          <rect x="6" y="20" width="14" height="3" rx="1" fill="#98a2b3" />
        </>
      )}
    </svg>
  )
}
