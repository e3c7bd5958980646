'use client';

import { useEffect, type ComponentProps, type RefObject } from 'react';

interface ModalProps extends Omit<ComponentProps<'dialog'>, 'open' | 'ref'> {
  /** The caller's handle, to close the dialog from inside it (`ref.current?.close()`). */
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Shown modally while true (default: for as long as it is mounted). */
  open?: boolean;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Esc and gives focus back
 * to the opener. The caller adds its width and padding to the shared frame. A dialog opened from
 * a table cell would inherit its alignment and wrapping: the frame sets its own.
 */
export function Modal({ dialogRef, open = true, className = '', ...rest }: ModalProps) {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [dialogRef, open]);

  return (
    <dialog
      ref={dialogRef}
      className={`m-auto whitespace-normal text-start font-normal rounded-xl border border-border bg-bg text-fg shadow-xl backdrop:bg-black/40 ${className}`}
      {...rest}
    />
  );
}
