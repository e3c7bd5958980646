import type { NextConfig } from 'next';

const isDev = process.env.NODE_ENV !== 'production';

// Backs up the rendering rules (no raw HTML, no foreign images): even if markup
// slipped through, it could not run script or load from another host.
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const nextConfig: NextConfig = {
  // The browser tests build and serve a copy of their own (E2E_SERVER_ENV in playwright.config.ts).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // Native and WebAssembly packages are loaded from node_modules at run time, not bundled.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-pgvector',
    'pglite-prisma-adapter',
    '@prisma/client',
    '@prisma/adapter-pg',
    'pg',
    'unpdf',
    'mammoth',
    'linkedom',
    // Starts its threads from its own worker.js beside it (lib/knowledge/formats/pool/parse-pool.ts).
    'piscina',
    // OCR: WebAssembly, and a worker script it starts from beside it.
    'tesseract.js',
  ],
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'Content-Security-Policy', value: csp },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default nextConfig;
