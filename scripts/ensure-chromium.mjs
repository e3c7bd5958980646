// Browser tests drive Debian's Chromium (Playwright's own browser download cannot
// reach its host from these machines). Install it when missing and we may.
import { execSync } from 'node:child_process';
import { chromiumPath } from './chromium-path.mjs';

if (!chromiumPath()) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error('Chromium not found. Install it (Debian: sudo apt-get install -y chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
