/**
 * The cookie banner (vanilla-cookieconsent): Italian texts, accept and reject
 * equally prominent (a bar along the bottom edge that leaves the page's main
 * action in view), categories necessary and analytics. Every choice is
 * recorded on the server with a timestamp (POST /api/v1/consenso-cookie).
 * Any element with `data-cc="show-preferencesModal"` reopens the preferences.
 */
import * as CookieConsent from 'vanilla-cookieconsent'
import 'vanilla-cookieconsent/dist/cookieconsent.css'
import type { Strings } from '#modules/i18n'

/** The Italian texts, written by the server into the page (so the strings module is not shipped). */
const t = JSON.parse(
  document.getElementById('cookie-testi')?.textContent ?? '{}',
) as Strings['publicSite']['cookies']

type ConsentCookie = { consentId: string; categories: string[] }

function record(cookie: ConsentCookie): void {
  const categories = cookie.categories.filter((name) => name === 'necessary' || name === 'analytics')
  const action = categories.includes('analytics') ? 'accept_all' : 'reject_all'
  void fetch('/api/v1/consenso-cookie', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    keepalive: true,
    body: JSON.stringify({ consentId: cookie.consentId, categories, action }),
  }).catch(() => {
    // The choice is kept in the browser; the next change records it again.
  })
}

/**
 * The banner does not take the focus from the page (the library focuses it when it appears): its
 * buttons stay in the tab order after the page, so the skip link remains the first stop. The focus
 * and the scroll position are given back at once; the preferences dialog, opened by the visitor,
 * keeps the focus as a modal dialog should.
 */
let lastFocusOutside: HTMLElement | null = null
let lastScroll = { x: window.scrollX, y: window.scrollY }
window.addEventListener('scroll', () => (lastScroll = { x: window.scrollX, y: window.scrollY }), {
  passive: true,
})
document.addEventListener('focusin', (event) => {
  const target = event.target
  if (!(target instanceof HTMLElement)) return
  if (!target.closest('#cc-main')) {
    lastFocusOutside = target
    return
  }
  const programmatic = !target.matches('button, a, input, select, textarea')
  if (!programmatic || document.documentElement.classList.contains('show--preferences')) return
  const { x, y } = lastScroll
  if (lastFocusOutside?.isConnected) lastFocusOutside.focus({ preventScroll: true })
  else {
    document.body.tabIndex = -1
    document.body.focus({ preventScroll: true })
    document.body.removeAttribute('tabindex')
  }
  window.scrollTo(x, y)
})

void CookieConsent.run({
  revision: 1,
  // Shown to automated browsers too (accessibility and end-to-end checks see what users see).
  hideFromBots: false,
  cookie: { name: 'cc_cookie', expiresAfterDays: 182, sameSite: 'Lax' },
  guiOptions: {
    consentModal: { layout: 'bar inline', position: 'bottom', equalWeightButtons: true, flipButtons: false },
    preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
  },
  categories: {
    necessary: { enabled: true, readOnly: true },
    analytics: { enabled: false },
  },
  onFirstConsent: ({ cookie }) => record(cookie as ConsentCookie),
  onChange: ({ cookie }) => record(cookie as ConsentCookie),
  language: {
    default: 'it',
    translations: {
      it: {
        consentModal: {
          title: t.consentTitle,
          description: t.consentDescription,
          acceptAllBtn: t.acceptAll,
          acceptNecessaryBtn: t.rejectAll,
          showPreferencesBtn: t.showPreferences,
        },
        preferencesModal: {
          title: t.preferencesTitle,
          acceptAllBtn: t.acceptAll,
          acceptNecessaryBtn: t.rejectAll,
          savePreferencesBtn: t.savePreferences,
          closeIconLabel: t.close,
          serviceCounterLabel: t.serviceCounter,
          sections: [
            { description: t.intro },
            { title: t.necessaryTitle, description: t.necessaryDescription, linkedCategory: 'necessary' },
            { title: t.analyticsTitle, description: t.analyticsDescription, linkedCategory: 'analytics' },
            { title: t.moreTitle, description: t.moreDescription },
          ],
        },
      },
    },
  },
})
