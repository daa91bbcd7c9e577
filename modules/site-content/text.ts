/** Splits an editor's plain text into paragraphs (separated by blank lines), trimmed, empty ones dropped. */
export function paragraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean)
}

/** The first word of a display name ('Mario Rossi' -> 'Mario'); the e-mail's local part when the name is empty. */
export function firstWord(displayName: string | null | undefined, email?: string | null): string {
  const word = (displayName ?? '').trim().split(/\s+/)[0]
  if (word) return word
  return (email ?? '').split('@')[0] ?? ''
}
