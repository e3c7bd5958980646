type Waker = () => void;

const wakers = new Set<Waker>();

/** Lets an in-process worker start on new work at once instead of at its next poll. */
export function onIngestWork(waker: Waker): () => void {
  wakers.add(waker);
  return () => wakers.delete(waker);
}

export function wakeIngestWorker(): void {
  for (const w of wakers) w();
}
