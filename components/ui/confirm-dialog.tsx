'use client';

import { useEffect, useId, useRef } from 'react';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus,
 * closes on Esc and restores focus to the opener.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="confirm-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(92vw,26rem)] rounded-xl border border-border bg-bg p-5 text-fg shadow-xl backdrop:bg-black/40"
    >
      <h2 id={titleId} className="text-base font-semibold">
        {title}
      </h2>
      {children ? <div className="mt-2 text-sm text-muted">{children}</div> : null}
      <div className="mt-5 flex justify-end gap-2">
        <Button onClick={onCancel} data-testid="confirm-cancel">
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy} data-testid="confirm-accept">
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
