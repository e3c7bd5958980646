import { BookIcon, SparkIcon } from '@/components/ui/icons';

interface EmptyStateProps {
  hasKnowledge: boolean;
  isAdmin: boolean;
  examples: string[];
  welcome: { greeting: string; description: string };
  onPick: (question: string) => void;
}

/** What a new conversation shows: a few questions to start with, or where knowledge comes from. */
export function EmptyState({ hasKnowledge, isAdmin, examples, welcome, onPick }: EmptyStateProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 pt-[12vh] text-center" data-testid="empty-state">
      <span className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-accent-soft text-accent">
        <SparkIcon width={24} height={24} />
      </span>
      <h2 dir="auto" className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]" data-testid="greeting">
        {welcome.greeting}
      </h2>
      <p dir="auto" className="mt-2 text-muted [overflow-wrap:anywhere]" data-testid="greeting-description">
        {welcome.description}
      </p>
      {hasKnowledge ? (
        <ul className="mt-8 grid w-full gap-2 sm:grid-cols-2" aria-label="Example questions">
          {examples.map((q) => (
            <li key={q}>
              <button
                type="button"
                dir="auto"
                onClick={() => onPick(q)}
                data-testid="example-question"
                className="h-full w-full rounded-xl border border-border bg-surface px-4 py-3 text-left text-sm [overflow-wrap:anywhere] hover:border-accent"
              >
                {q}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div
          className="mt-8 w-full rounded-xl border border-dashed border-border bg-surface px-5 py-4 text-left text-sm"
          data-testid="no-knowledge"
        >
          <p className="flex items-center gap-2 font-medium">
            <BookIcon width={16} height={16} /> No knowledge yet
          </p>
          <p className="mt-1 text-muted">
            The assistant has no documents to answer from.{' '}
            {isAdmin ? (
              <>
                Add some on the{' '}
                <a href="/admin" className="font-medium text-accent underline underline-offset-2">
                  knowledge page
                </a>
                .
              </>
            ) : (
              <>
                An administrator can add documents on the{' '}
                <a href="/admin" className="font-medium text-accent underline underline-offset-2">
                  admin page
                </a>
                .
              </>
            )}
          </p>
        </div>
      )}
    </div>
  );
}
