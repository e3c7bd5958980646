import { existsSync } from 'node:fs';

/** The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's package. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => p && existsSync(p));
}
