'use client';

import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Gives the focus back to `target` once `ready` (the form, field or drawer that had it is gone),
 * if asked to with the function returned (`true`) when it closed. Something closed from the
 * keyboard hands the focus back to the control that opened it; one closed by a click elsewhere
 * (`false`) leaves the focus where the click put it.
 */
export function useFocusAfter(target: RefObject<HTMLElement | null>, ready: boolean): (giveBack?: boolean) => void {
  const armed = useRef(false);
  useEffect(() => {
    if (!ready || !armed.current) return;
    armed.current = false;
    target.current?.focus();
  }, [ready, target]);
  return useCallback((giveBack = true) => {
    armed.current = giveBack;
  }, []);
}
