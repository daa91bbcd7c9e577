/** Browser helpers of the profile islands: the forced-logout signal and the top bar's user menu. */

/** A call answered 401: the session has ended; the shell's forced-logout modal takes over. */
export function sessionEnded(): void {
  document.dispatchEvent(new CustomEvent('sessione:scaduta'))
}

/** Shows a new display name in the top bar's user menu. */
export function showDisplayName(name: string): void {
  for (const element of document.querySelectorAll('[data-viewer-name]')) element.textContent = name
}

/** Shows a new profile picture in the top bar's user menu (and wherever an avatar of the viewer is). */
export function showPicture(url: string): void {
  for (const avatar of document.querySelectorAll<HTMLElement>('[data-viewer-avatar]')) {
    const image = document.createElement('img')
    image.src = url
    image.alt = ''
    image.className = 'avatar__image'
    avatar.replaceChildren(image)
    avatar.classList.add('avatar--photo')
  }
}
