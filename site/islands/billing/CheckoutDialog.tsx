/** A modal on the native <dialog> with the site's modal classes; Escape does not close it (the page decides). */
import { useEffect, useId, useRef, type ReactNode } from 'react'

type Props = {
  open: boolean
  title: string
  children: ReactNode
  actions?: ReactNode
  role?: 'dialog' | 'alertdialog'
}

export default function CheckoutDialog({ open, title, children, actions, role = 'dialog' }: Props) {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      className="modal checkout-dialog"
      aria-labelledby={`${id}-titolo`}
      aria-describedby={`${id}-testo`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      onCancel={(event) => event.preventDefault()}
    >
      <div className="modal__header">
        <h2 className="modal__title" id={`${id}-titolo`}>
          {title}
        </h2>
      </div>
      <div className="modal__body" id={`${id}-testo`}>
        {children}
      </div>
      {actions && <div className="modal__actions">{actions}</div>}
    </dialog>
  )
}
