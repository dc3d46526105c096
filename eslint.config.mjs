// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', 'dist/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Tests read loosely-typed JSON responses.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Workflow code runs in Temporal's deterministic sandbox: no Node built-ins, no I/O libraries,
    // nothing from the API, activities, database or worker. Only the workflow SDK, contracts and types.
    files: ['workflows/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'Node built-ins are not allowed in workflow code.' })),
          patterns: [
            {
              regex: '^(?!@temporalio/(workflow|common)$|\\./)',
              message: 'Workflow code may import only @temporalio/workflow, @temporalio/common, ./ modules and types.',
              allowTypeImports: true,
            },
            {
              regex: '^\\.\\./(api|activities|db|worker|scripts|core)(/|$)',
              message: 'Workflow code may import only types from outside workflows/.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
