import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['node_modules/**', '.next/**', '.next-*/**', 'dist/**', 'test/fixtures/**', 'next-env.d.ts'],
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A spread into a call puts every item on the stack: past ~100,000 (one big transcript) it
    // throws and the source's sessions vanish. Use appendAll / maxOf (lib/arrays/append-all.ts).
    files: ['lib/**/*.ts'],
    ignores: ['lib/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(push|unshift|splice)$/] > SpreadElement", message: 'Unbounded spread into a call: use appendAll (lib/arrays/append-all.ts).' },
        { selector: "CallExpression[callee.object.name='Math'] > SpreadElement", message: 'Unbounded spread into Math: use maxOf (lib/arrays/append-all.ts) or a loop.' },
        { selector: "CallExpression[callee.property.name=/^(fromCharCode|fromCodePoint|apply)$/] > SpreadElement", message: 'Unbounded spread into a call: decode with TextDecoder or loop.' },
        { selector: "CallExpression[callee.property.name='concat'] > SpreadElement", message: 'Unbounded spread into concat: use appendAll.' },
      ],
    },
  },
  {
    // Client code must never import server modules (readers, store, watcher).
    files: ['components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/lib/server/*', '**/lib/server/*'], message: 'Client code must not import server modules.' }] }],
    },
  },
];
