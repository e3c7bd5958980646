// Definitions ("What is X?", "What does X do?"): the sentence that says what its subject is or does.
import { escapeRegExp } from '@/lib/escape-reg-exp';
import { withoutMarks } from '@/lib/without-marks';
import { KIND_NOUNS } from './question-terms';

/** An aside in brackets between a name and what it is or does: "`fflate` (short for fast flate) is…". */
const BRACKETED_ASIDE = '(?:\\s+\\([^()]*\\))?';

/**
 * "What are provider-defined tools?" asks for a definition: a sentence that says what its subject
 * is ("Provider-defined tools are tools where…") holds one. `subject`: what is asked about, its
 * kind noun left out.
 */
export function definitionOf(question: string): { holds: RegExp; subject: string } | undefined {
  const subject = /^\s*what\s+(?:is|are)\s+(?:an?\s+|the\s+)?(.+?)[\s?.!]*$/i.exec(question)?.[1];
  if (subject && subject.split(/\s+/).length <= 6) {
    const words = escapeRegExp(withoutMarks(subject));
    // Or further in: "…GNU Libtasn1 (version 4.19), which is a library for…", "…the Libtasn1 library that provides…".
    const which = `\\b${words}${BRACKETED_ASIDE},\\s+which\\s+(?:is|are)\\s+(?:an?|the)\\b`;
    const kind = `\\bthe\\s+${words}\\s+(?:library|tool|framework|${KIND_NOUNS})\\s+(?:that|which)\\s+(?!(?:is|was|has)\\b)\\p{Ll}+s\\b`;
    return {
      holds: new RegExp(
        `^(?:an?\\s+|the\\s+)?${words}${BRACKETED_ASIDE}\\s+(?:is|are|refers?\\s+to|means?)\\b|${which}|${kind}`,
        'iu',
      ),
      subject,
    };
  }
  return doingOf(question);
}

/**
 * "What does the `next typegen` command do?" asks what its subject does: a sentence opening with
 * the subject (its kind noun may be left out) and a verb of its own says it ("`next typegen`
 * generates TypeScript definitions…"), as a definition does.
 */
function doingOf(question: string): { holds: RegExp; subject: string } | undefined {
  const [, does, subject] = /^\s*what\s+(does|do)\s+(?:an?\s+|the\s+)?(.+?)\s+do[\s?.!]*$/i.exec(question) ?? [];
  if (!subject || subject.split(/\s+/).length > 5) return undefined;
  const kind = new RegExp(`\\s+(?:${KIND_NOUNS})$`, 'i').exec(subject)?.[0];
  const named = kind ? subject.slice(0, -kind.length) : subject;
  const name = escapeRegExp(withoutMarks(named)).replace(/\s+/g, '\\s+');
  // (left out, the kind noun is no verb: "deploy hooks are…" is not "deploy" that "hooks")
  const kindNoun = kind ? `(?:\\s+${escapeRegExp(kind.trim())})?(?!\\s+${escapeRegExp(kind.trim())}\\b)` : '';
  // (one thing does: "generates"; several do: "run", "make"; what it is says so too, not what is done to it: "are configured")
  const verb =
    does?.toLowerCase() === 'does'
      ? '(?!(?:is|was|has)\\b)\\p{Ll}+s|is|refers\\s+to'
      : '(?!(?:are|were|have)\\b)\\p{Ll}+|are';
  const passive = '(?!\\s+\\p{Ll}+ed\\b)';
  return {
    holds: new RegExp(
      `^(?:an?\\s+|the\\s+)?${name}${kindNoun}${BRACKETED_ASIDE}\\s+(?:also\\s+|only\\s+|then\\s+)?(?:${verb})\\b${passive}`,
      'iu',
    ),
    subject: named,
  };
}
