import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// The embedded sandbox must stay removable (delete lib/sandbox and app/sandbox plus the two lazy lines in
// instrumentation.ts and lib/api/default-client.ts): only these may import it. Unit tests may use it
// too (MSW mounts the sandbox handler to test the wire client against the contract).
// lib/architecture.test.ts lists the same importers and checks them on the real import graph.
const SANDBOX_IMPORTERS = ['lib/sandbox/**', 'app/sandbox/**', 'instrumentation.ts', 'lib/api/default-client.ts', 'scripts/**', '**/*.test.ts'];
const SANDBOX_MESSAGE = 'Only app/sandbox, instrumentation.ts, lib/api/default-client.ts and scripts/ may import lib/sandbox.';
// `@/lib/sandbox/x`, `../../lib/sandbox/x`, and from inside lib/ `../sandbox/x`. Written with \x2F for `/` because
// esquery's regular expressions end at the first slash.
const SANDBOX_SPECIFIER = '(^|\\x2F)lib\\x2Fsandbox(\\x2F|$)|^(\\.\\.?\\x2F)+sandbox(\\x2F|$)';
const SANDBOX_SPECIFIERS = { regex: SANDBOX_SPECIFIER.replaceAll('\\x2F', '/'), message: SANDBOX_MESSAGE };

/**
 * no-restricted-imports sees only `import … from` and `export … from`; these selectors refuse the same specifiers
 * in a dynamic `import()` and a `require()`, literal or template (its text before the first `${`).
 */
function dynamicImportSelectors(specifierRegex, message) {
  const re = `/${specifierRegex}/`;
  return [
    { selector: `ImportExpression > Literal.source[value=${re}]`, message },
    { selector: `ImportExpression > TemplateLiteral.source > TemplateElement:first-child[value.raw=${re}]`, message },
    { selector: `CallExpression[callee.name="require"] > Literal.arguments[value=${re}]`, message },
    { selector: `CallExpression[callee.name="require"] > TemplateLiteral.arguments > TemplateElement:first-child[value.raw=${re}]`, message },
  ];
}
const SANDBOX_DYNAMIC = dynamicImportSelectors(SANDBOX_SPECIFIER, SANDBOX_MESSAGE);

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
const LEAVE_SANDBOX = '^@\\x2F(?!lib\\x2F(money|validation|pglite|sandbox)(\\x2F|$))';
// What lib/domain may not load, as one regular expression for the dynamic-import selectors.
const IMPURE_FOR_DOMAIN =
  '^(react|react-dom|server-only|next-auth|next)(\\x2F|$)|^@\\x2F(app|components|hooks)\\x2F|^@\\x2Flib\\x2F(db|api|auth\\x2Fsession)(\\x2F|$)';

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

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', '.next-*/**', 'scripts/bench-floor/.next-*/**', 'node_modules/**', '.data/**', '.data-*/**', 'next-env.d.ts', 'lib/db/migrations/**', 'test-results/**', 'playwright-report/**', 'screenshots/**', 'e2e/.auth/**'] },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: SANDBOX_IMPORTERS,
    rules: {
      'no-restricted-imports': ['error', { patterns: [SANDBOX_SPECIFIERS] }],
      'no-restricted-syntax': ['error', ...SANDBOX_DYNAMIC],
    },
  },
  {
    files: ['lib/sandbox/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [OUTSIDE_SANDBOX, { regex: '^\\.\\./\\.\\./', message: 'Leave lib/sandbox only through @/lib/money, @/lib/validation or @/lib/pglite.' }] },
      ],
      'no-restricted-syntax': ['error', ...dynamicImportSelectors(`${LEAVE_SANDBOX}|^\\.\\.\\x2F\\.\\.\\x2F`, OUTSIDE_SANDBOX.message)],
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
      'no-restricted-syntax': ['error', ...dynamicImportSelectors(`${LEAVE_SANDBOX}|^\\.\\.\\x2F`, OUTSIDE_SANDBOX.message)],
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
      'no-restricted-syntax': [
        'error',
        ...dynamicImportSelectors(
          '^@\\x2F(?!lib\\x2F(money|validation|pglite|sandbox|env|db)(\\x2F|$))|^\\.\\.\\x2F',
          'The sandbox host may import only lib/env and lib/db/client besides money and validation.',
        ),
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
            SANDBOX_SPECIFIERS,
          ],
        },
      ],
      // A dynamic import is a value import: lib/api is refused here too.
      'no-restricted-syntax': ['error', ...SANDBOX_DYNAMIC, ...dynamicImportSelectors(IMPURE_FOR_DOMAIN, 'lib/domain is pure.')],
    },
  },
  {
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    ignores: SANDBOX_IMPORTERS,
    // One no-restricted-syntax per file: a later config replaces an earlier one's list, so the fence goes along.
    rules: { 'no-restricted-syntax': [...untranslatedTextRules['no-restricted-syntax'], ...SANDBOX_DYNAMIC] },
  },
  {
    files: ['app/sandbox/**/*.tsx'],
    rules: untranslatedTextRules,
  },
];
export default config;
