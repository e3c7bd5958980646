'use client';

import { useState, type RefObject } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';

/**
 * The collections a conversation answers from (empty: every one the person may read). A change is
 * stored at once on a conversation that exists (PATCH); a new one is created with it (POST).
 */
export function useScope(initial: string[], conversationId: RefObject<string | null>) {
  const [scope, setScope] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  async function change(ids: string[]) {
    const before = scope;
    setScope(ids);
    setError(null);
    const id = conversationId.current;
    if (!id) return;
    try {
      await apiFetch(`/api/conversations/${id}`, { method: 'PATCH', json: { collectionIds: ids } });
    } catch (e) {
      setScope(before);
      setError(describeProblem(e));
    }
  }

  return { ids: scope, change, error };
}
