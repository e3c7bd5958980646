// A conversation through the chat API, for the answers bench's follow-up sets: what its last reply says and cites.

export interface Reply {
  answer: string;
  /** The ids of the sources it cites. */
  cited: string[];
}

/** Sends each turn as a message of a new conversation, each reply read to its end, and returns the last reply as stored. */
export async function lastReply(baseUrl: string, auth: Record<string, string>, turns: string[]): Promise<Reply> {
  const json = { ...auth, 'content-type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/conversations`, { method: 'POST', headers: json, body: '{}' });
  if (created.status !== 201) throw new Error(`create conversation → ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  for (const content of turns) {
    const sent = await fetch(`${baseUrl}/api/conversations/${id}/messages`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ content }),
    });
    if (!sent.ok) throw new Error(`send → ${sent.status} ${await sent.text()}`);
    await sent.text(); // the stream, to its end
  }
  const { messages } = (await (await fetch(`${baseUrl}/api/conversations/${id}`, { headers: auth })).json()) as {
    messages: { role: string; parts: { type: string; text?: string; data?: { sourceId: string } }[] }[];
  };
  const parts = messages.findLast((m) => m.role === 'assistant')?.parts ?? [];
  return {
    answer: parts.flatMap((p) => (p.type === 'text' && p.text ? [p.text] : [])).join(''),
    cited: parts.flatMap((p) => (p.type === 'data-citation' && p.data ? [p.data.sourceId] : [])),
  };
}
