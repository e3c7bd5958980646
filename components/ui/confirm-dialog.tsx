'use client';

import { useId, useRef } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/** A modal confirmation (Esc cancels). */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  return (
    <Modal
      dialogRef={ref}
      open={open}
      aria-labelledby={titleId}
      data-testid="confirm-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className="w-[min(92vw,26rem)] p-5"
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
    </Modal>
  );
}
