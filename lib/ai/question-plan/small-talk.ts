import { DEFAULT_ASSISTANT } from '@/lib/assistant/assistant-profile';

/**
 * Messages that need no sources: greetings, thanks and questions about the
 * assistant itself. Everything else goes to retrieval.
 */

const GREETING = String.raw`(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening|day)|yo)`;
const THANKS = String.raw`(?:thanks|thank you|thx|cheers|great,? thanks|ok(?:ay)?,? thanks)(?:\s+(?:a lot|so much|very much))?`;
const ABOUT_SELF =
  /\b(?:who are you|what are you|what can you do|how do you work|what is your name|what's your name|are you (?:an? )?(?:ai|bot|robot|human)|introduce yourself)\b|^help[\s!.?]*$/i;

export type SmallTalk = 'greeting' | 'thanks' | 'about-self';

/** Whom a greeting or thanks may address: everyone, or the assistant by its name. */
function addressees(name: string): string {
  const names = [
    ...new Set(
      [DEFAULT_ASSISTANT.name, name].map((n) =>
        n
          .trim()
          .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          .replace(/\s+/g, '\\s+'),
      ),
    ),
  ];
  return String.raw`(?:,?\s+(?:there|all|everyone|${names.join('|')}))?`;
}

/**
 * What kind of small talk a message is, if any. `name` is the assistant's: "hi Acme Help" greets
 * an assistant an admin named so, as "hi Groundwork" greets one with the default name.
 */
export function classifySmallTalk(message: string, name = DEFAULT_ASSISTANT.name): SmallTalk | undefined {
  const text = message.trim();
  const to = addressees(name);
  if (new RegExp(String.raw`^${GREETING}${to}[\s!.,?]*$`, 'i').test(text)) return 'greeting';
  if (new RegExp(String.raw`^${THANKS}${to}[\s!.,]*$`, 'i').test(text)) return 'thanks';
  if (ABOUT_SELF.test(text)) return 'about-self';
  return undefined;
}

/** The local model's reply to small talk; `name` is the assistant's, as an admin set it. */
export function smallTalkReply(kind: SmallTalk, name = DEFAULT_ASSISTANT.name): string {
  switch (kind) {
    case 'greeting':
      return 'Hello! Ask me anything about the documents in this knowledge base, and I will answer from them with numbered citations like [1] pointing to the exact passages.';
    case 'thanks':
      return 'You are welcome! Ask another question whenever you like.';
    case 'about-self':
      return (
        `${name === DEFAULT_ASSISTANT.name ? 'I am Groundwork’s built-in assistant.' : `I am ${name}, the assistant of this knowledge base.`} ` +
        'I search the knowledge base for passages related to your question and answer with the sentences that best match, citing each one like [1] so you can check the source. I only know what is in the knowledge base, and I say so when it does not cover a question.'
      );
  }
}
