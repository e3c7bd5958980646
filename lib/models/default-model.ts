import 'server-only';
import { config } from '@/lib/config';
import { parseModelChoice, storedChoice, type StoredChoice } from './stored-choice';

const choice = storedChoice('chat_model');

/** The environment chooses the chat model (CHAT_MODEL=openai…): the stored choice is not used. */
export const chosenByEnvironment = (): boolean => config().CHAT_MODEL !== 'local';

export { parseModelChoice };
export type ChosenModel = StoredChoice;

/** The default chat model stored in settings, read at most every few seconds. */
export const chosenModel = (): Promise<ChosenModel> => choice.get();
export const storeChosenModel = (id: string): Promise<void> => choice.store(id);
export const forgetChosenModel = (): void => choice.forget();
