import type { CitationData } from './chat-message';

/** The text of a stored message's parts, joined. */
export function textOfParts(parts: unknown): string {
  if (!Array.isArray(parts)) return '';
  return parts
    .map((p) =>
      p && typeof p === 'object' && (p as { type?: unknown }).type === 'text'
        ? String((p as { text?: unknown }).text ?? '')
        : '',
    )
    .join('');
}

/** The citations of a stored reply: the payload of each `data-citation` part, in order. */
export function citationsOfParts(parts: unknown): CitationData[] {
  if (!Array.isArray(parts)) return [];
  return parts.flatMap((p: { type?: unknown; data?: unknown } | null) =>
    p && typeof p === 'object' && p.type === 'data-citation' && p.data && typeof p.data === 'object'
      ? [p.data as CitationData]
      : [],
  );
}
