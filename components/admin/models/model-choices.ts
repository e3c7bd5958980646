import type { ChatModelList, ConnectionView } from './models-api';

export interface ModelOption {
  id: string;
  label: string;
}

/**
 * The default-model select's options: every choice the API lists, and the current default even
 * when it is missing from them (its connection's server did not answer just now), so the select
 * never shows another model as chosen.
 */
export function modelOptions(list: ChatModelList): ModelOption[] {
  const options = list.data.map((m) => ({ id: m.id, label: m.name }));
  if (!options.some((o) => o.id === list.defaultChatModel)) {
    options.push({ id: list.defaultChatModel, label: `${list.defaultChatModel} (not available now)` });
  }
  return options;
}

/** The model the environment chooses (CHAT_MODEL), when it does. */
export const environmentModel = (list: ChatModelList): string | undefined =>
  list.readOnly ? (list.data.find((m) => m.readOnly)?.name ?? list.defaultChatModel) : undefined;

/** Enabled connections whose server failed to list its models, by name. */
export function unavailableConnections(
  list: ChatModelList,
  connections: Pick<ConnectionView, 'id' | 'name'>[],
): { name: string; detail: string }[] {
  return list.unavailable.map((u) => ({
    name: connections.find((c) => c.id === u.connectionId)?.name ?? 'A connection',
    detail: u.detail,
  }));
}
