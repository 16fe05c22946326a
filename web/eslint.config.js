// Lint for the storefront: `npm run lint` (part of `make test`) allows no error and no warning.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * features are the storefront's features (src/features/<name>/), each with the features it may
 * import. A feature is imported through its entry, features/<name>/index.ts, never through its
 * files, and only by a feature that lists it here: the order below is the only one in which they
 * depend on each other, so no two features import each other, directly or around a circle. What two
 * features share belongs in lib/ or components/, or in a feature below both that owns it (the
 * seller's session, in seller-session); what brings several together belongs in app/ (the
 * navigation bar, app/wiring.ts).
 */
export const features = {
  account: [],
  products: [],
  help: [],
  alerts: ['account'],
  checkout: ['account'],
  invoice: ['account'],
  cart: ['account', 'checkout', 'products'],
  orders: ['account', 'alerts', 'cart', 'products'],
  catalogue: ['account', 'alerts', 'cart', 'products'],
  // The seller's features: the seller's session, the features by job, then seller, the seller area's
  // frame, which routes to their pages, and the rider's screen.
  'seller-session': [],
  'seller-staff': ['seller-session'],
  'seller-products': ['products', 'seller-session'],
  'seller-settings': ['seller-session', 'seller-products'],
  'seller-orders': ['orders', 'products', 'seller-session', 'seller-staff'],
  'seller-money': ['seller-session', 'seller-products', 'seller-orders'],
  seller: ['invoice', 'seller-session', 'seller-staff', 'seller-products', 'seller-settings', 'seller-orders', 'seller-money'],
};

// Every folder of src/features has its row, and a feature lists only those above it.
const folders = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
for (const name of folders) if (!(name in features)) throw new Error(`eslint.config.js: src/features/${name} has no row in features`);
Object.entries(features).reduce((above, [name, uses]) => {
  for (const used of uses) if (!above.includes(used)) throw new Error(`eslint.config.js: ${name} uses ${used}, which is not above it in features`);
  return [...above, name];
}, []);

const names = Object.keys(features);
const any = (list) => `(?:${list.join('|')})`;
/** path matches an import of a feature from a feature's file, at any depth: "../cart", "../../features/cart/store". */
const path = (list, rest) => `^(?:\\.\\./)+(?:features/)?${any(list)}${rest}`;
const throughEntry = 'Import another feature through its entry (features/<name>/index.ts), not its files.';
const composesOnly = 'app/ composes the features and nothing imports it: what a feature needs of the app (routing, paths, the app state) is in lib/.';

/**
 * featureBoundaries are the lint's rules on imports between the storefront's parts: a feature
 * imports the features it lists in features, through their entries; app/ imports features through
 * their entries; lib/, components/ and i18n/ import no feature.
 */
export const featureBoundaries = [
  ...names.map((name) => {
    const others = names.filter((n) => n !== name);
    const unlisted = others.filter((n) => !features[name].includes(n));
    const patterns = [{ regex: path(others, '/.'), message: throughEntry }, { regex: '^(?:\\.\\./)+app(?:/|$)', message: composesOnly }];
    if (unlisted.length > 0) {
      const uses = features[name].length > 0 ? `only ${features[name].join(', ')}` : 'no other feature';
      patterns.push({ regex: path(unlisted, '(?:/index(?:\\.tsx?)?)?$'), message: `${name} uses ${uses} (features in eslint.config.js): what features share goes in lib/ or components/, what brings them together in app/.` });
    }
    return { files: [`src/features/${name}/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
  }),
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/test/**/*.{ts,tsx}', 'src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?:\\.{1,2}/)+features/[^/]+/.', message: throughEntry }] }] },
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/i18n/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?:\\.{1,2}/)+features(?:/|$)', message: 'lib/, components/ and i18n/ are shared by every feature and import none: compose features in app/.' },
            { regex: '^(?:\\.\\./)+app(?:/|$)', message: composesOnly },
          ],
        },
      ],
    },
  },
];

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
  ...featureBoundaries,
  {
    // No import cycle anywhere in src/: a module never imports, directly or around a circle, a
    // module that imports it (a lazy page's import() included).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
]);
