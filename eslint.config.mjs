import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      '.next/**',
      '.next-e2e/**',
      'node_modules/**',
      'lib/db/generated/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  {
    // One validated configuration module reads the environment (lib/config.ts).
    files: ['app/**', 'components/**', 'lib/**'],
    ignores: ['lib/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config() from lib/config.ts.' },
      ],
    },
  },
  {
    // lib/knowledge's folders are reached through their entries (lib/knowledge/<folder>/index.ts).
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['lib/knowledge/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // formats has a second entry, its catalog: descriptors without parsers, for the browser.
              regex: '^@/lib/knowledge/((sources|ingest|index|search|fetch)/|formats/(?!catalog$))',
              message:
                'Import from the folder’s entry, @/lib/knowledge/<folder> (or @/lib/knowledge/formats/catalog), not from its files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Import direction: lib/chat answers with a model and depends on lib/conversations (messages,
    // replies and their lifecycle), never the reverse. The typescript-eslint twin of the rule, so
    // the block above keeps its own no-restricted-imports for these files.
    files: ['lib/conversations/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/lib/|(\\.\\./)+)chat(/|$)',
              message: 'lib/conversations must not depend on lib/chat; move what both need into lib/conversations.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];

export default config;
