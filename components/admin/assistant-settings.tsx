'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { ApiProblem, describeProblem, problemFrom, reach } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field';
import {
  ASSISTANT_LIMITS as LIMITS,
  DEFAULT_ASSISTANT,
  type AssistantProfile,
} from '@/lib/assistant/assistant-profile';
import { usePanelRequest } from './panel-requests';

interface Stored {
  profile: AssistantProfile;
  etag: string | null;
}

type Form = Record<'name' | 'greeting' | 'description' | 'starters' | 'instructions', string>;

/** The form shows a field at its default as empty, with the default as its placeholder. */
function formOf(profile: AssistantProfile): Form {
  const own = (value: string, fallback: string) => (value === fallback ? '' : value);
  return {
    name: own(profile.name, DEFAULT_ASSISTANT.name),
    greeting: own(profile.greeting, DEFAULT_ASSISTANT.greeting),
    description: own(profile.description, DEFAULT_ASSISTANT.description),
    starters: profile.starters.join('\n'),
    instructions: profile.instructions ?? '',
  };
}

const startersOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** What the form asks for, as a merge patch: an empty field restores its default. */
function patchOf(form: Form) {
  const orDefault = (value: string) => value.trim() || null;
  const starters = startersOf(form.starters);
  return {
    name: orDefault(form.name),
    greeting: orDefault(form.greeting),
    description: orDefault(form.description),
    starters: starters.length > 0 ? starters : null,
    instructions: orDefault(form.instructions),
  };
}

function startersProblem(text: string): string | null {
  const starters = startersOf(text);
  if (starters.length > LIMITS.starters)
    return `At most ${LIMITS.starters} questions (one per line); this has ${starters.length}.`;
  const long = starters.findIndex((q) => q.length > LIMITS.starter);
  if (long >= 0) return `Question ${long + 1} is longer than ${LIMITS.starter} characters.`;
  return null;
}

async function readAssistant(): Promise<Stored> {
  const res = await reach('/api/assistant', { headers: { accept: 'application/json' } });
  if (!res.ok) throw await problemFrom(res);
  return { profile: (await res.json()) as AssistantProfile, etag: res.headers.get('etag') };
}

/**
 * What the assistant is called, how a new conversation greets people and which questions it
 * offers, and what the chat model is told besides its rules. Saved with If-Match: a change
 * another admin made meanwhile is reported, never overwritten.
 */
export function AssistantSettings({ initial, chatModel }: { initial: Stored; chatModel: string }) {
  const [stored, setStored] = useState(initial);
  const [form, setForm] = useState(() => formOf(initial.profile));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState(false);
  const [added, setAdded] = useState<{ question: string; already: boolean } | null>(null);
  const startersBox = useRef<HTMLTextAreaElement>(null);

  const changed = JSON.stringify(patchOf(form)) !== JSON.stringify(patchOf(formOf(stored.profile)));
  const invalidStarters = startersProblem(form.starters);
  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setSaved(false);
    setAdded(null);
  };

  // A rated question offered as a starter (the ratings list): added to the form, which the admin
  // then saves like any other change, so the limits are checked and nothing is saved unseen.
  usePanelRequest('addStarter', (question) => {
    const starters = startersOf(form.starters);
    const already = starters.some((q) => q.toLowerCase() === question.toLowerCase());
    if (!already) setForm({ ...form, starters: [...starters, question].join('\n') });
    setAdded({ question, already });
    setSaved(false);
    startersBox.current?.scrollIntoView({ block: 'center' });
    startersBox.current?.focus({ preventScroll: true });
  });

  function show(next: Stored) {
    setStored(next);
    setForm(formOf(next.profile));
    setAdded(null);
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (invalidStarters) return;
    setBusy(true);
    setError(null);
    setConflict(false);
    try {
      const res = await reach('/api/assistant', {
        method: 'PATCH',
        headers: {
          'content-type': 'application/merge-patch+json',
          accept: 'application/json',
          ...(stored.etag ? { 'if-match': stored.etag } : {}),
        },
        body: JSON.stringify(patchOf(form)),
      });
      if (!res.ok) throw await problemFrom(res);
      show({ profile: (await res.json()) as AssistantProfile, etag: res.headers.get('etag') });
      setSaved(true);
    } catch (err) {
      setConflict(err instanceof ApiProblem && err.status === 412);
      setError(describeProblem(err));
    } finally {
      setBusy(false);
    }
  }

  async function reload() {
    try {
      show(await readAssistant());
      setError(null);
      setConflict(false);
    } catch (err) {
      setError(describeProblem(err));
    }
  }

  const local = chatModel.startsWith('local:');
  return (
    <section
      aria-labelledby="assistant-heading"
      className="rounded-xl border border-border bg-surface p-4 sm:p-5"
      data-testid="assistant-settings"
    >
      <h2 id="assistant-heading" className="text-base font-semibold">
        Assistant
      </h2>
      <p className="mt-1 text-sm text-muted">
        What people see when they start a conversation, and what the chat model is told. An empty field keeps its
        default.
      </p>
      <form onSubmit={save} className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <div className="space-y-3">
          <Field
            id="assistant-name"
            label="Name"
            hint="In the chat’s sidebar and tab, and the name the assistant gives itself."
            count={form.name.trim().length}
            max={LIMITS.name}
          >
            <input
              id="assistant-name"
              aria-describedby="assistant-name-hint"
              maxLength={LIMITS.name}
              value={form.name}
              onChange={set('name')}
              placeholder={DEFAULT_ASSISTANT.name}
              className={fieldClass}
            />
          </Field>
          <Field
            id="assistant-greeting"
            label="Greeting"
            hint="The heading of a new conversation."
            count={form.greeting.trim().length}
            max={LIMITS.greeting}
          >
            <input
              id="assistant-greeting"
              aria-describedby="assistant-greeting-hint"
              maxLength={LIMITS.greeting}
              value={form.greeting}
              onChange={set('greeting')}
              placeholder={DEFAULT_ASSISTANT.greeting}
              className={fieldClass}
            />
          </Field>
          <Field
            id="assistant-description"
            label="Description"
            hint="The line under the greeting: what people can ask about."
            count={form.description.trim().length}
            max={LIMITS.description}
          >
            <input
              id="assistant-description"
              aria-describedby="assistant-description-hint"
              maxLength={LIMITS.description}
              value={form.description}
              onChange={set('description')}
              placeholder={DEFAULT_ASSISTANT.description}
              className={fieldClass}
            />
          </Field>
          <Field
            id="assistant-starters"
            label="Starter questions"
            hint={`One per line, up to ${LIMITS.starters}. None: questions about the newest documents.`}
            error={invalidStarters}
          >
            <textarea
              ref={startersBox}
              id="assistant-starters"
              aria-describedby="assistant-starters-hint"
              rows={4}
              value={form.starters}
              onChange={set('starters')}
              placeholder={'How do I reset my password?\nWhat is the refund policy?'}
              aria-invalid={invalidStarters ? true : undefined}
              className={`${fieldClass} resize-y`}
            />
          </Field>
        </div>
        <div className="flex flex-col">
          <Field
            id="assistant-instructions"
            label="Instructions for the chat model"
            hint={
              local
                ? 'The chat model is the built-in local one: it composes answers from the passages and does not read instructions. They apply once CHAT_MODEL names a hosted model.'
                : `Tone, language, scope or format, told to ${chatModel} after its own rules (answer only from the sources, cite them), which come first. Only admins see them.`
            }
            count={form.instructions.trim().length}
            max={LIMITS.instructions}
          >
            <textarea
              id="assistant-instructions"
              aria-describedby="assistant-instructions-hint"
              rows={9}
              maxLength={LIMITS.instructions}
              value={form.instructions}
              onChange={set('instructions')}
              placeholder="Answer in a friendly tone, in the language of the question. For billing questions, point to billing@example.com."
              className={`${fieldClass} resize-y`}
            />
          </Field>
          <div className="mt-auto flex flex-wrap items-center justify-end gap-2 pt-3">
            {added ? (
              <p
                role="status"
                className="basis-full text-sm [overflow-wrap:anywhere]"
                data-testid="assistant-starter-added"
              >
                {added.already ? (
                  <>“{added.question}” is already a starter question.</>
                ) : (
                  <>Added “{added.question}” to the starter questions. Save to offer it in new conversations.</>
                )}
              </p>
            ) : null}
            {saved ? (
              <p role="status" className="basis-full text-sm text-success" data-testid="assistant-saved">
                Saved. New conversations show it now.{' '}
                <Link href="/" className="font-medium text-accent underline underline-offset-2">
                  Open the chat
                </Link>
              </p>
            ) : null}
            {error ? (
              <p role="alert" className="basis-full text-sm text-danger" data-testid="assistant-error">
                {error}{' '}
                {conflict ? (
                  <button
                    type="button"
                    onClick={reload}
                    className="font-medium text-accent underline underline-offset-2"
                  >
                    Load the current settings
                  </button>
                ) : null}
              </p>
            ) : null}
            <Button onClick={() => show(stored)} disabled={busy || !changed}>
              Discard changes
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={busy || !changed || invalidStarters !== null}
              data-testid="assistant-save"
            >
              {busy ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

function Field({
  id,
  label,
  hint,
  count,
  max,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  count?: number;
  max?: number;
  error?: string | null;
  children: React.ReactNode;
}) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {max !== undefined && count !== undefined && count > max * 0.8 ? (
          <span className="text-xs tabular-nums text-muted">
            {count}/{max}
          </span>
        ) : null}
      </div>
      <div className="mt-1">{children}</div>
      <p id={`${id}-hint`} className={`mt-1 text-xs ${error ? 'text-danger' : 'text-muted'}`}>
        {error ?? hint}
      </p>
    </div>
  );
}
