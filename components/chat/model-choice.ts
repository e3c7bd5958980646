/**
 * The chat model this browser picked (GET /api/models/allowed), kept in localStorage and sent
 * with each message by the chat transport. Unset: the message names none and the default answers.
 */
const KEY = 'groundwork.chat-model';
let forSend: string | undefined;

/** What the next message names as `model`: set by the picker once it knows the choice is allowed. */
export const modelForSend = (): string | undefined => forSend;

export function storedModel(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: the picker still works for this page
  }
}

/** Sends `id` from now on; `remember` keeps it for the next visits too. */
export function chooseModel(id: string | undefined, remember = false): void {
  forSend = id;
  if (!remember || id === undefined) return;
  try {
    localStorage.setItem(KEY, id);
  } catch {
    // storage blocked or full: the choice lasts this page
  }
}
