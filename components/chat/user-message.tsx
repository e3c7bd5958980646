import { textOf, type ChatMessage } from './types';

/** A visitor's message, shown as plain text: nothing typed is ever interpreted as markup. */
export function UserMessage({ message }: { message: ChatMessage }) {
  return (
    <div className="flex justify-end">
      <h2 className="sr-only">You</h2>
      <p dir="auto" className="max-w-[85%] whitespace-pre-wrap rounded-2xl rounded-br-md bg-surface-2 px-4 py-2.5 [overflow-wrap:anywhere]" data-testid="user-message">
        {textOf(message)}
      </p>
    </div>
  );
}
