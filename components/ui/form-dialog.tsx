'use client';

import { useId, type ReactNode, type RefObject } from 'react';
import { Button } from './button';
import { Modal } from './modal';

/**
 * A modal form: a heading, the fields, what went wrong, and Cancel and a submit button. Esc or
 * Cancel close it unsaved; the caller closes it (`dialogRef.current?.close()`) once saved.
 */
export function FormDialog({
  dialogRef,
  onClose,
  onSubmit,
  heading,
  error,
  busy,
  canSubmit = true,
  submitTestId,
  className,
  children,
  ...rest
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  onClose: () => void;
  onSubmit: () => void;
  heading: string;
  error: string | null;
  busy: boolean;
  canSubmit?: boolean;
  submitTestId: string;
  /** Its width and padding. */
  className: string;
  children: ReactNode;
  'data-testid': string;
}) {
  const headingId = useId();
  return (
    <Modal dialogRef={dialogRef} onClose={onClose} aria-labelledby={headingId} className={className} {...rest}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h2 id={headingId} className="text-base font-semibold">
          {heading}
        </h2>
        {children}
        {error ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2">
          <Button type="button" onClick={() => dialogRef.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !canSubmit} data-testid={submitTestId}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
