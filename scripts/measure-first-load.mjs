#!/usr/bin/env node
// First-load JavaScript of a route in the production build, gzipped: the
// framework's root chunks plus every chunk the route's entries (layout, error
// and not-found boundaries, page) need, each file counted once.
// Usage: node scripts/measure-first-load.mjs [route ...]   (default: / and /c/[id])
// Exits 1 when a route is over the budget (250 kB).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const NEXT = join(process.cwd(), '.next');
const BUDGET_KB = 250;
const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/c/[id]'];

if (!existsSync(join(NEXT, 'build-manifest.json'))) {
  console.error('No production build in .next: run `npm run build` first.');
  process.exit(2);
}

const buildManifest = JSON.parse(readFileSync(join(NEXT, 'build-manifest.json'), 'utf8'));
// polyfillFiles are nomodule scripts that modern browsers skip; not counted.
const rootFiles = buildManifest.rootMainFiles ?? [];

function routeFiles(route) {
  const entry = route === '/' ? '/page' : `${route.replace(/\/$/, '')}/page`;
  const file = join(NEXT, 'server', 'app', `${entry}_client-reference-manifest.js`);
  if (!existsSync(file)) throw new Error(`No client reference manifest for ${route} (${file}).`);
  const sandbox = { __RSC_MANIFEST: {} };
  new Function('globalThis', readFileSync(file, 'utf8'))(sandbox);
  const manifest = sandbox.__RSC_MANIFEST[entry];
  return Object.values(manifest.entryJSFiles ?? {}).flat();
}

const kb = (n) => (n / 1024).toFixed(1);
let over = false;
for (const route of routes) {
  const files = [...new Set([...rootFiles, ...routeFiles(route)].map((f) => f.replace(/^\/?_next\//, '')))];
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(join(NEXT, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  const ok = gzip / 1024 < BUDGET_KB;
  over ||= !ok;
  console.log(
    `${route}: ${files.length} files, ${kb(raw)} kB raw, ${kb(gzip)} kB gzipped (budget ${BUDGET_KB} kB) ${ok ? 'OK' : 'OVER'}`,
  );
}
process.exit(over ? 1 : 0);
