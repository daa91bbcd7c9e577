'use client'
import { useEffect, type ReactNode } from 'react'

/**
 * The rich-text editor and the admin's notifications name a few controls in
 * English in their own code (not through Payload's translations, so
 * `i18n.translations` cannot reach them). This provider gives those controls
 * their Italian accessible names whenever they are drawn.
 */
const ITALIAN: Record<string, string> = {
  'Drag to move': 'Trascina per spostare',
  'Add block': 'Aggiungi blocco',
  'Edit link': 'Modifica collegamento',
  'Remove link': 'Rimuovi collegamento',
  'Close toast': 'Chiudi notifica',
}

const SELECTOR = Object.keys(ITALIAN)
  .map((label) => `[aria-label="${label}"]`)
  .join(',')

function translate(element: Element): void {
  const italian = ITALIAN[element.getAttribute('aria-label') ?? '']
  if (italian) element.setAttribute('aria-label', italian)
}

function translateWithin(node: Node): void {
  if (!(node instanceof Element)) return
  if (node.matches(SELECTOR)) translate(node)
  node.querySelectorAll(SELECTOR).forEach(translate)
}

export function ItalianAriaLabels({ children }: { children?: ReactNode }) {
  useEffect(() => {
    translateWithin(document.body)
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') translate(record.target as Element)
        else record.addedNodes.forEach(translateWithin)
      }
    })
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    })
    return () => observer.disconnect()
  }, [])
  return <>{children}</>
}
