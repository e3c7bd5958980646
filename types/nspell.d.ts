// nspell ships no types: the part of its API the project uses.
declare module 'nspell' {
  interface Dictionary {
    aff: Uint8Array | string;
    dic?: Uint8Array | string;
  }
  interface NSpell {
    correct(word: string): boolean;
    suggest(word: string): string[];
    add(word: string, model?: string): NSpell;
  }
  export default function nspell(dictionary: Dictionary | Dictionary[]): NSpell;
}
