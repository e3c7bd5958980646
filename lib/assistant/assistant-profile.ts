/**
 * What an admin tells the assistant to be: its name, what a new conversation greets people with,
 * the questions it offers to start with, and instructions for the chat model. Shared by the API,
 * the prompt and the pages (no server code here).
 */
export interface AssistantProfile {
  name: string;
  greeting: string;
  description: string;
  /** Questions a new conversation offers; none: questions about the newest documents instead. */
  starters: string[];
  /** Told to the chat model after its own rules; admins only (the rules keep the prompt private too). */
  instructions?: string;
  /** When an admin last changed anything; null while every field is its default. */
  updatedAt: string | null;
}

export const ASSISTANT_LIMITS = {
  name: 60,
  greeting: 120,
  description: 300,
  starters: 6,
  starter: 150,
  instructions: 4000,
} as const;

export const DEFAULT_ASSISTANT: Required<Omit<AssistantProfile, 'updatedAt'>> = {
  name: 'Groundwork',
  greeting: 'What would you like to know?',
  description: 'Answers come from your organisation’s documents, with the sources cited.',
  starters: [],
  instructions: '',
};
