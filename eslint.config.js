// ESLint (flat config): typescript-eslint's type-checked recommended rules over src/, with
// eslint-config-prettier last so no rule argues with the formatter (`npm run format`).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'reports/', 'src/**/*.generated.ts'] },
  {
    files: ['src/**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A leading underscore names what a destructuring leaves out on purpose ({ dialogues: _digests, ...rest }).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // String(value) on an unknown value is this code's deliberate last resort for showing what a user or a model sent.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  prettier,
);
