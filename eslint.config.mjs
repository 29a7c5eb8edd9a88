// `npm run lint` (and the `lint` suite of `npm test`): ESLint's and typescript-eslint's recommended rules
// (type-aware for the SDK, the elements and the portal), React's hooks rules, and the layering sdk ← elements ← portal, with the
// server on the SDK's pure modules only. No stylistic rules: formatting is not the linter's business here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

/** Imports a layer may not make: a package name (and what is under it), or a relative climb into another package. */
const forbid = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const upper = (pkg, message) => ({ group: [`@dscloud/${pkg}`, `@dscloud/${pkg}/*`, `**/${pkg}/src`, `**/${pkg}/src/**`], message });
const react = (message) => ({ group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@r2wc/*'], message });

// `_`-prefixed names are deliberately unused (a parameter kept for its position, a skipped element).
const unused = { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' };

/**
 * The code shipped to browsers is linted with its types; the whole lint then takes ≈40 s on the shared 2-core
 * machine (typing the server and e2e too would add ≈60 s: their syntax-level rules run without types).
 */
const typed = ['packages/sdk/**/*.{ts,tsx}', 'packages/elements/**/*.{ts,tsx}', 'packages/portal/**/*.{ts,tsx}'];

export default defineConfig(
  {
    ignores: ['**/dist/', '**/node_modules/', 'storybook-static/', 'coverage/', '.tmp/', '**/data/', 'bench/results/', 'test-results/'],
  },
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    rules: {
      'no-unused-vars': ['error', unused],
      // `let x;` read by a closure before its one assignment (two services that need each other) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommended],
    rules: { '@typescript-eslint/no-unused-vars': ['error', unused] },
  },
  {
    files: typed,
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Services are objects of closures, never classes: a method taken off one has no `this` to lose.
      '@typescript-eslint/unbound-method': 'off',
      // An `async` function without `await` is how a fake implements an async interface.
      '@typescript-eslint/require-await': 'off',
      // Passing on a caught `unknown` error unchanged is how a wrapper keeps its cause.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // `String(value)` of an `unknown` narrowed past null (`{}`) is a deliberate coercion of a server value.
      '@typescript-eslint/no-base-to-string': ['error', { ignoredTypeNames: ['{}', 'Error', 'RegExp', 'URL', 'URLSearchParams'] }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    // vitest's asymmetric matchers (`expect.any(String)`) are typed `any`.
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['packages/server/test/**/*.ts'],
    // The server suite reads answers over real HTTP as the JSON they are (`any`) and asserts their shape.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['packages/elements/**/*.{ts,tsx}', 'packages/portal/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    // All of react-hooks' recommended rules, the React Compiler's among them: a ref holding the latest
    // props is written in a layout effect, state that follows an input is reset while rendering, Plyr is
    // configured through usePlyr.ts's functions.
    rules: { 'react-hooks/exhaustive-deps': 'error' },
  },

  // Layering. Cross-package imports go through the package names (the workspaces' export maps), so the core
  // rule sees every one of them by its specifier; the `**/<pkg>/src` patterns catch a relative climb.
  {
    files: ['packages/sdk/**'],
    rules: forbid(
      react('The SDK is framework-free: React, react-dom and r2wc belong to packages/elements.'),
      upper('elements', 'The SDK is the bottom layer: it may not import the elements.'),
      upper('portal', 'The SDK is the bottom layer: it may not import the portal.'),
      upper('server', 'The SDK may not import the server.'),
    ),
  },
  {
    files: ['packages/elements/**'],
    rules: forbid(
      upper('portal', 'The elements sit below the portal: they may not import it.'),
      upper('server', 'The elements may not import the server.'),
    ),
  },
  {
    files: ['packages/portal/**'],
    rules: forbid(upper('server', 'The portal talks to the server over HTTP only.')),
  },
  {
    files: ['packages/server/**'],
    rules: forbid(
      react('The server renders no React.'),
      upper('elements', 'The server may not import the elements.'),
      upper('portal', 'The server may not import the portal.'),
      {
        regex: '^@dscloud/sdk(?!/(errors|codes|device|lessons|files|settings|activities|teachers|audit|review|sso|help|tools)$)|/sdk/src(/|$)',
        message: "The server imports only the SDK's pure modules, by their entry points: @dscloud/sdk/{errors,codes,device,lessons,files,settings,activities,teachers,audit,review,sso,help,tools}.",
      },
    ),
  },
);
