import { config } from '@/lib/config';

/** Secrets no log line may carry (model connections' API keys, registered as they are opened). */
const redacted = new Set<string>();

/** From now on, this string is written `[redacted]` wherever a log line would hold it. */
export function redactInLogs(secret: string): void {
  if (secret.length < 8) return;
  redacted.add(secret);
  redacted.add(JSON.stringify(secret).slice(1, -1)); // as a JSON line writes it
}

function redact(line: string): string {
  for (const secret of redacted) if (line.includes(secret)) line = line.replaceAll(secret, '[redacted]');
  return line;
}

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/**
 * Structured logs: one JSON object per line in production (LOG_FORMAT=json),
 * short readable lines in development.
 */
function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const c = config();
  if (ORDER[level] < ORDER[c.LOG_LEVEL]) return;
  const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
  if (c.logFormat === 'json') {
    stream.write(redact(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`));
    return;
  }
  const extra = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  stream.write(redact(`${level.padEnd(5)} ${msg}${extra ? ` ${extra}` : ''}\n`));
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
};

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
