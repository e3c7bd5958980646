// wink-bm25-text-search ships no types: what the TyDi baselines use of it.
declare module 'wink-bm25-text-search' {
  interface Bm25Engine {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): void;
    definePrepTasks(tasks: ((input: never) => unknown)[], field?: string): number;
    addDoc(doc: Record<string, string>, uniqueId: number | string): number;
    consolidate(fp?: number): void;
    /** `[uniqueId, score]` pairs, best first. */
    search(text: string, limit?: number): [number | string, number][];
  }
  export default function bm25(): Bm25Engine;
}
