// Lint for the storefront: `npm run lint` (part of `make test`) allows no error and no warning.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The attributes whose text people read or hear, and the calls that show a toast.
const textAttributes = '/^(placeholder|title|alt|label|aria-label|aria-description|aria-roledescription|aria-valuetext)$/';
const toastCall = "CallExpression:matches([callee.name='toast'], [callee.object.name='toast'][callee.property.name=/^(success|error|loading|custom)$/])";
const letters = '[value=/\\p{L}/u]';

/** catalogueOnly are the places of a text people read, which must come from the string catalogue. */
const catalogueOnly = [
  [`JSXText${letters}`, 'Words in JSX'],
  [`:matches(JSXElement, JSXFragment) > JSXExpressionContainer > Literal${letters}`, 'Words in JSX'],
  [`:matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal${letters}`, 'Words in JSX'],
  [`:matches(JSXElement, JSXFragment) > JSXExpressionContainer > TemplateLiteral`, 'Words in JSX'],
  [`JSXAttribute[name.name=${textAttributes}] > Literal${letters}`, 'Text in an attribute people read or hear'],
  [`JSXAttribute[name.name=${textAttributes}] > JSXExpressionContainer > :matches(Literal${letters}, TemplateLiteral)`, 'Text in an attribute people read or hear'],
  [`${toastCall} > Literal.arguments${letters}`, 'Text in a toast'],
  [`${toastCall} > TemplateLiteral.arguments`, 'Text in a toast'],
  [`CallExpression[callee.name='useTitle'] > :matches(Literal${letters}, TemplateLiteral).arguments`, 'Text in a page title'],
].map(([selector, what]) => ({ selector, message: `${what}: take it from the string catalogue (t, src/i18n/en.ts).` }));

export default defineConfig([
  globalIgnores(['dist/', 'node_modules/']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommendedTypeChecked,
      reactHooks.configs.flat.recommended,
    ],
    languageOptions: {
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
  },
  {
    // Every text a shopper or seller reads comes from the string catalogue (src/i18n/en.ts): no
    // words in JSX, in the attributes people read or hear, in toasts or in page titles.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/i18n/**'],
    rules: {
      'no-restricted-syntax': ['error', ...catalogueOnly],
    },
  },
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
]);
