import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// The embedded sandbox must stay removable (delete lib/sandbox and app/sandbox plus the two lazy lines in
// instrumentation.ts and lib/api/default-client.ts): only these may import it.
// Unit tests may use it too (MSW mounts the sandbox handler to test the wire client against the contract).
const SANDBOX_IMPORTERS = ['lib/sandbox/**', 'app/sandbox/**', 'instrumentation.ts', 'lib/api/default-client.ts', 'scripts/**', '**/*.test.ts'];
const SANDBOX_SPECIFIERS = {
  group: ['@/lib/sandbox', '@/lib/sandbox/*', '**/lib/sandbox', '**/lib/sandbox/*', '../sandbox', '../sandbox/*', './sandbox/*'],
  message: 'Only app/sandbox, instrumentation.ts, lib/api/default-client.ts and scripts/ may import lib/sandbox.',
};
// The sandbox plays the remote service: it shares only the pure money and validation modules with the console, and
// the embedded engine's upkeep (lib/pglite: both run a PGlite without autovacuum).
const OUTSIDE_SANDBOX = {
  group: [
    '@/*',
    '!@/lib',
    '@/lib/*',
    '!@/lib/money',
    '!@/lib/money/*',
    '!@/lib/validation',
    '!@/lib/validation/*',
    '!@/lib/pglite',
    '!@/lib/pglite/*',
    '!@/lib/sandbox',
    '!@/lib/sandbox/*',
  ],
  message: 'lib/sandbox may import only lib/money, lib/validation and lib/pglite (and itself).',
};

// Every user-visible word comes from the message catalogue (messages/<locale>/<namespace>.json). These selectors
// refuse the ways a word slips into JSX untranslated: text between tags, a string literal as a child, and a string
// given to an attribute a person reads or hears. Symbols, digits and punctuation (`·`, `→`, `(`, `—`) stay allowed.
const LETTER = '/[A-Za-zÀ-ÿ]/';
const READ_ATTRIBUTES = '/^(aria-label|aria-description|aria-valuetext|title|placeholder|alt|label|hint|description|confirmLabel|cancelLabel|emptyText)$/';
const MESSAGE = 'User-visible text must come from the message catalogue (see README, "How to add text").';
export const untranslatedTextRules = {
  'no-restricted-syntax': [
    'error',
    { selector: `JSXText[value=${LETTER}]`, message: MESSAGE },
    { selector: `JSXElement > JSXExpressionContainer > Literal[value=${LETTER}]`, message: MESSAGE },
    { selector: `JSXElement > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${LETTER}]`, message: MESSAGE },
    {
      selector: `JSXElement > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=${LETTER}]`,
      message: MESSAGE,
    },
    { selector: `JSXAttribute[name.name=${READ_ATTRIBUTES}] > Literal[value=${LETTER}]`, message: MESSAGE },
    { selector: `JSXAttribute[name.name=${READ_ATTRIBUTES}] > JSXExpressionContainer > Literal[value=${LETTER}]`, message: MESSAGE },
    {
      selector: `JSXAttribute[name.name=${READ_ATTRIBUTES}] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=${LETTER}]`,
      message: MESSAGE,
    },
  ],
};

// Pages not yet moved to the catalogue (issue 8 converts them; this list only shrinks).
const NOT_YET_TRANSLATED = [
  // The onboarding issue replaces this read-only checklist with the requirement board.
  'app/\\(console\\)/accounts/\\[accountId\\]/_components/requirements-checklist.tsx',
];

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', '.next-*/**', 'node_modules/**', '.data/**', '.data-*/**', 'next-env.d.ts', 'lib/db/migrations/**', 'test-results/**', 'playwright-report/**', 'screenshots/**', 'e2e/.auth/**'] },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: SANDBOX_IMPORTERS,
    rules: { 'no-restricted-imports': ['error', { patterns: [SANDBOX_SPECIFIERS] }] },
  },
  {
    files: ['lib/sandbox/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [OUTSIDE_SANDBOX, { regex: '^\\.\\./\\.\\./', message: 'Leave lib/sandbox only through @/lib/money, @/lib/validation or @/lib/pglite.' }] },
      ],
    },
  },
  {
    files: ['lib/sandbox/*.ts'],
    ignores: ['lib/sandbox/host.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [OUTSIDE_SANDBOX, { regex: '^\\.\\./', message: 'Leave lib/sandbox only through @/lib/money, @/lib/validation or @/lib/pglite.' }] },
      ],
    },
  },
  {
    // The host is the seam to the console process: it alone may read the console's env and database handle.
    files: ['lib/sandbox/host.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...OUTSIDE_SANDBOX.group, '!@/lib/env', '!@/lib/db', '!@/lib/db/client'],
              message: 'The sandbox host may import only lib/env and lib/db/client besides money and validation.',
            },
            { regex: '^\\.\\./', message: 'Use @/ imports to leave lib/sandbox.' },
          ],
        },
      ],
    },
  },
  {
    // Feature logic is pure: no React, no Next, no server-only modules (types from the wire client are fine).
    files: ['lib/domain/**/*.ts'],
    // Tests may parse fixtures with the wire schemas.
    ignores: ['lib/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['react', 'react-dom', 'server-only', 'next-auth'],
          patterns: [
            { group: ['next', 'next/*', '@/app/*', '@/components/*', '@/hooks/*', '@/lib/db', '@/lib/db/*', '@/lib/auth/session', '@/lib/sandbox', '@/lib/sandbox/*'], message: 'lib/domain is pure.' },
            { group: ['@/lib/api/*'], allowTypeImports: true, message: 'lib/domain may import only types from lib/api.' },
          ],
        },
      ],
    },
  },
  {
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    ignores: NOT_YET_TRANSLATED,
    rules: untranslatedTextRules,
  },
];
export default config;
