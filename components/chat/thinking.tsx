/**
 * Shown between sending and the first words of the reply, and, `stopping`, while a Stop
 * pressed before them finds out whether the question reached the server.
 */
export function Thinking({ stopping = false }: { stopping?: boolean }) {
  return (
    <div
      role="status"
      data-testid={stopping ? 'stopping' : 'thinking'}
      className="flex h-7 items-center gap-2 text-sm text-muted"
    >
      <span className="flex gap-1" aria-hidden="true">
        <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted [animation-delay:-0.3s]" />
        <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted [animation-delay:-0.15s]" />
        <span className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted" />
      </span>
      {stopping ? 'Stopping…' : 'Searching your knowledge…'}
    </div>
  );
}
