/** Card illustrations: one flat SVG per sector (gradient background, soft shapes, white icon). */
import type { SectorFact } from './facts/model.ts'

const palettes: Record<number, [string, string]> = {
  1: ['#3f8f4f', '#9cc95a'],
  2: ['#2b5d9b', '#5fb3c9'],
  3: ['#37474f', '#7b8f9c'],
  4: ['#8e3b73', '#d77fa1'],
  5: ['#b5542a', '#f0a35e'],
  6: ['#a0622d', '#e3b45c'],
  7: ['#4b3f8f', '#8f7fd1'],
  8: ['#1f6f8b', '#56c0c8'],
  9: ['#1d3e6e', '#4f7fbf'],
  10: ['#2f7a6d', '#7fcbb0'],
  11: ['#0b4f8a', '#2f9ee0'],
  12: ['#7a2f3f', '#d9687a'],
  13: ['#52606d', '#9aa5b1'],
  14: ['#234b3f', '#5f9f7f'],
}

const stroke = (width = 10) =>
  `fill="none" stroke="#fff" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`

/** Icons drawn in a 200×200 box centred at (100,100). */
const icons: Record<number, string> = {
  1: `<circle cx="150" cy="52" r="20" fill="#fff" opacity=".9"/><path d="M20 170 Q70 120 120 150 T190 140 L190 190 L20 190Z" fill="#fff" opacity=".85"/><path d="M80 150 V60 M80 80 l-18 -14 M80 80 l18 -14 M80 104 l-18 -14 M80 104 l18 -14 M80 128 l-18 -14 M80 128 l18 -14" ${stroke()}/>`,
  2: `<path d="M78 30 H122 M86 30 V82 L40 164 Q34 178 50 178 H150 Q166 178 160 164 L114 82 V30" ${stroke()}/><path d="M58 140 H142 L154 164 Q158 172 148 172 H52 Q42 172 46 164Z" fill="#fff" opacity=".85"/><circle cx="92" cy="118" r="7" fill="#fff"/><circle cx="112" cy="100" r="5" fill="#fff"/>`,
  3: `<g transform="translate(100 100)"><circle r="34" ${stroke()}/><g fill="#fff">${[
    0, 45, 90, 135, 180, 225, 270, 315,
  ]
    .map((a) => `<rect x="-11" y="-76" width="22" height="26" rx="4" transform="rotate(${a})"/>`)
    .join('')}</g><circle r="52" fill="none" stroke="#fff" stroke-width="14"/></g>`,
  4: `<rect x="58" y="40" width="84" height="16" rx="6" fill="#fff"/><rect x="58" y="144" width="84" height="16" rx="6" fill="#fff"/><rect x="70" y="56" width="60" height="88" fill="#fff" opacity=".55"/><path d="M70 70 H130 M70 86 H130 M70 102 H130 M70 118 H130 M70 134 H130" ${stroke(6)}/><path d="M130 100 Q170 110 160 150 T186 186" ${stroke(6)}/>`,
  5: `<path d="M40 120 Q40 70 100 70 Q160 70 160 120 V150 Q160 160 150 160 H50 Q40 160 40 150Z" fill="#fff" opacity=".9"/><path d="M70 92 l12 16 M100 88 v20 M130 92 l-12 16" stroke="#b5542a" stroke-width="7" stroke-linecap="round" opacity=".6"/><path d="M100 40 v22 M84 46 l6 16 M116 46 l-6 16" ${stroke(7)}/>`,
  6: `<path d="M40 180 V40 H150 M40 60 L90 40 M60 40 V180 M150 40 V70" ${stroke(8)}/><rect x="120" y="70" width="60" height="40" rx="4" fill="#fff" opacity=".85"/><path d="M96 180 V130 L130 110 L164 130 V180Z" fill="#fff"/>`,
  7: `<rect x="40" y="80" width="120" height="60" rx="10" fill="#fff" opacity=".9"/><rect x="62" y="40" width="76" height="40" rx="4" ${stroke(8)}/><rect x="62" y="120" width="76" height="50" rx="4" fill="#fff"/><path d="M76 138 H124 M76 154 H110" stroke="#4b3f8f" stroke-width="6" stroke-linecap="round"/>`,
  8: `<rect x="20" y="70" width="110" height="70" rx="8" fill="#fff" opacity=".9"/><path d="M130 90 H160 L182 116 V140 H130Z" fill="#fff"/><circle cx="60" cy="150" r="18" fill="#fff" stroke="#1f6f8b" stroke-width="8"/><circle cx="152" cy="150" r="18" fill="#fff" stroke="#1f6f8b" stroke-width="8"/>`,
  9: `<path d="M30 76 L100 36 L170 76Z" fill="#fff"/><rect x="34" y="160" width="132" height="16" rx="3" fill="#fff"/><path d="M52 90 V148 M84 90 V148 M116 90 V148 M148 90 V148" ${stroke(14)}/>`,
  10: `<path d="M112 24 L56 112 H98 L86 176 L146 84 H104Z" fill="#fff"/><circle cx="100" cy="100" r="78" fill="none" stroke="#fff" stroke-width="6" opacity=".5"/>`,
  11: `<path d="M46 78 H154 L146 176 H54Z" fill="#fff" opacity=".92"/><path d="M76 78 V62 Q76 36 100 36 Q124 36 124 62 V78" ${stroke(9)}/><circle cx="78" cy="100" r="6" fill="#0b4f8a" opacity=".5"/><circle cx="122" cy="100" r="6" fill="#0b4f8a" opacity=".5"/>`,
  12: `<rect x="74" y="30" width="52" height="140" rx="8" fill="#fff"/><rect x="30" y="74" width="140" height="52" rx="8" fill="#fff"/><circle cx="100" cy="100" r="86" fill="none" stroke="#fff" stroke-width="6" opacity=".45"/>`,
  13: `<rect x="36" y="36" width="56" height="56" rx="12" fill="#fff"/><circle cx="136" cy="64" r="28" fill="#fff" opacity=".8"/><path d="M64 112 L96 168 H32Z" fill="#fff" opacity=".8"/><rect x="108" y="108" width="56" height="56" rx="28" fill="#fff"/>`,
  14: `<path d="M30 80 L100 40 L170 80Z" fill="#fff"/><rect x="34" y="164" width="132" height="14" rx="3" fill="#fff"/><path d="M56 92 V152 M100 92 V152 M144 92 V152" ${stroke(16)}/><path d="M100 40 V14 H124 V26 H100" fill="#fff" stroke="#fff" stroke-width="4"/>`,
}

/** The SVG card illustration of a sector. */
export function sectorSvg(sector: SectorFact): string {
  const [dark, light] = palettes[sector.code] ?? ['#334155', '#94a3b8']
  const icon = icons[sector.code] ?? icons[13]
  const id = `g${sector.code}`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img" aria-label="${sector.name}">`,
    `<title>${sector.name}</title>`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>`,
    `<rect width="640" height="360" fill="url(#${id})"/>`,
    `<circle cx="560" cy="40" r="150" fill="#fff" opacity=".08"/>`,
    `<circle cx="60" cy="330" r="120" fill="#fff" opacity=".07"/>`,
    `<path d="M0 300 Q160 250 320 290 T640 270 V360 H0Z" fill="#000" opacity=".08"/>`,
    `<g transform="translate(205 65) scale(1.15)">${icon}</g>`,
    `</svg>`,
    '',
  ].join('\n')
}
