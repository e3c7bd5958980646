import { formatDate, type RefreshFields, type RefreshInterval } from './types';

export const REFRESH_LABEL: Record<RefreshInterval, string> = { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly' };

/** "5 min", "3 h", "2 days": how far apart two moments are, to the nearest unit (59.7 min is "1 h"), at least a minute. */
export function formatSpan(ms: number): string {
  const abs = Math.abs(ms);
  const minutes = Math.max(1, Math.round(abs / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(abs / 3_600_000);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(abs / 86_400_000);
  return days === 1 ? '1 day' : `${days} days`;
}

/** "5 min ago", "in 55 min", "just now" / "now": a moment relative to `now`. */
export function formatRelative(iso: string, now: number): string {
  const diff = new Date(iso).getTime() - now;
  if (Math.abs(diff) < 60_000) return diff > 0 ? 'in under a minute' : 'just now';
  return diff > 0 ? `in ${formatSpan(diff)}` : `${formatSpan(diff)} ago`;
}

/**
 * "5 min ago" for a moment that has passed. The clock a page last read (`useNow` moves every 30 s)
 * can be behind a time the server just wrote: that reads "just now", never "in under a minute".
 */
export function formatAgo(iso: string, now: number): string {
  const diff = now - new Date(iso).getTime();
  return diff < 60_000 ? 'just now' : `${formatSpan(diff)} ago`;
}

export interface TimePart {
  key: 'checked' | 'changed' | 'next';
  text: string;
  /** The absolute time, for a title attribute. */
  title: string;
}

/**
 * The parts of "Checked 5 min ago · changed 2 days ago · next in 55 min" that a web page or crawl
 * has: never checked yet says nothing, a refresh due already reads "next: due now".
 */
export function refreshParts(item: RefreshFields, now: number): TimePart[] {
  const parts: TimePart[] = [];
  if (item.checkedAt)
    parts.push({
      key: 'checked',
      text: `Checked ${formatAgo(item.checkedAt, now)}`,
      title: `Last checked ${formatDate(item.checkedAt)}`,
    });
  if (item.changedAt)
    parts.push({
      key: 'changed',
      text: `changed ${formatAgo(item.changedAt, now)}`,
      title: `Last changed ${formatDate(item.changedAt)}`,
    });
  if (item.nextRefreshAt) {
    const due = new Date(item.nextRefreshAt).getTime() <= now;
    parts.push({
      key: 'next',
      text: due ? 'next: due now' : `next ${formatRelative(item.nextRefreshAt, now)}`,
      title: `Next refresh ${formatDate(item.nextRefreshAt)}`,
    });
  }
  if (parts[0] && parts[0].key !== 'checked') parts[0].text = parts[0].text[0]!.toUpperCase() + parts[0].text.slice(1);
  return parts;
}
