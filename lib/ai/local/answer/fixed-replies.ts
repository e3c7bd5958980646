// The local model's fixed replies, when nothing in the passages answers.
export const NOTHING_FOUND =
  'I could not find anything about that in the knowledge base. Try other words, or add a source that covers it.';
export const NOT_ANSWERED =
  'I could not find an answer to that in the knowledge base: the closest passages are about other things.';

/** The answer to "tell me more" when the passages found hold nothing the replies above did not say. */
export const NOTHING_MORE = 'That is all the knowledge base says about it in the passages I found.';
