/**
 * Behaviour of the site shell in the browser, loaded once by the layout:
 * drop-down menus (<details data-menu>), the navigation drawer, modal dialogs,
 * the 'feature not available' modal, the forced-logout modal and go-back links.
 * Everything works by event delegation, so content added later is covered too.
 */

const FEATURE_UNAVAILABLE_ID = 'funzione-non-disponibile'
const FORCED_LOGOUT_ID = 'sessione-scaduta'
/** The event a session check dispatches (on document or window) when the session has ended. */
const SESSION_ENDED_EVENT = 'sessione:scaduta'

function dialogById(id: string | undefined): HTMLDialogElement | undefined {
  const element = id ? document.getElementById(id) : null
  return element instanceof HTMLDialogElement ? element : undefined
}

function openDialog(dialog: HTMLDialogElement): void {
  closeMenus()
  if (!dialog.open) dialog.showModal()
}

function openMenus(): HTMLDetailsElement[] {
  return [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')]
}

function closeMenus(except?: Element): void {
  for (const menu of openMenus()) if (menu !== except) menu.open = false
}

// Only one drop-down open at a time.
document.addEventListener(
  'toggle',
  (event) => {
    const menu = event.target
    if (menu instanceof HTMLDetailsElement && menu.matches('[data-menu]') && menu.open) closeMenus(menu)
  },
  true,
)

document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || event.defaultPrevented) return
  const menu = openMenus().at(-1)
  if (!menu) return
  const hadFocus = menu.contains(document.activeElement)
  menu.open = false
  if (hadFocus) menu.querySelector('summary')?.focus()
})

// A drop-down closes when focus moves elsewhere.
document.addEventListener('focusout', (event) => {
  const from = event.target instanceof Element ? event.target.closest('details[data-menu][open]') : null
  const to = event.relatedTarget
  if (from instanceof HTMLDetailsElement && to instanceof Node && !from.contains(to)) from.open = false
})

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null
  if (!target) return

  // A click outside any open drop-down closes it.
  for (const menu of openMenus()) if (!menu.contains(target)) menu.open = false

  const featureTrigger = target.closest('[data-feature-unavailable]')
  const featureDialog = featureTrigger ? dialogById(FEATURE_UNAVAILABLE_ID) : undefined
  if (featureDialog) {
    event.preventDefault()
    openDialog(featureDialog)
    return
  }

  const opener = target.closest<HTMLElement>('[data-open-dialog]')
  const openerDialog = dialogById(opener?.dataset.openDialog)
  if (openerDialog) {
    event.preventDefault()
    openDialog(openerDialog)
    return
  }

  const drawerToggle = target.closest<HTMLElement>('[data-drawer-toggle]')
  const drawer = dialogById(drawerToggle?.getAttribute('aria-controls') ?? undefined)
  if (drawerToggle && drawer) {
    openDialog(drawer)
    drawerToggle.setAttribute('aria-expanded', 'true')
    drawer.addEventListener('close', () => drawerToggle.setAttribute('aria-expanded', 'false'), {
      once: true,
    })
    return
  }

  // A click on a modal's backdrop lands on the <dialog> itself, outside its box.
  if (
    target instanceof HTMLDialogElement &&
    target.matches('[data-modal]') &&
    !target.matches('[role="alertdialog"]')
  ) {
    const box = target.getBoundingClientRect()
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom
    if (!inside) target.close()
    return
  }

  const back = target.closest('[data-history-back]')
  if (back && history.length > 1 && document.referrer.startsWith(location.origin)) {
    event.preventDefault()
    history.back()
  }
})

// The drawer holds the side menu only on small screens: close it when the screen widens.
const wide = window.matchMedia('(min-width: 1024px)')
wide.addEventListener('change', () => {
  if (wide.matches) dialogById('menu-laterale')?.close()
})

function showForcedLogout(): void {
  const dialog = dialogById(FORCED_LOGOUT_ID)
  if (!dialog || dialog.open) return
  for (const open of document.querySelectorAll<HTMLDialogElement>('dialog[open]')) open.close()
  openDialog(dialog)
  // The session is over: whichever way the modal closes, the page must be reloaded signed out.
  dialog.addEventListener('close', () => location.assign('/'), { once: true })
}
document.addEventListener(SESSION_ENDED_EVENT, showForcedLogout)
window.addEventListener(SESSION_ENDED_EVENT, showForcedLogout)
