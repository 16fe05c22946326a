// The lint keeps the features to their rooms (eslint.config.js): a feature imports another only
// through its entry and only when it lists it; app/ imports features through their entries; shared
// code imports none, and nothing imports app/. A feature stays small enough to read whole.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Linter } from 'eslint';

const web = `${resolve(__dirname, '../..')}/`;

// The config is JavaScript, loaded as ESLint loads it.
const config = (await import(/* @vite-ignore */ pathToFileURL(`${web}eslint.config.js`).href)) as {
  features: Record<string, string[]>;
  featureBoundaries: Linter.Config[];
};

/** refusals lints source as the file at path (from web/) by the import rules alone, and answers their messages. */
function refusals(path: string, source: string): string[] {
  const linter = new Linter({ cwd: web });
  return linter.verify(source, [{ files: ['**/*.{ts,tsx}'] }, ...config.featureBoundaries], `${web}${path}`).map((m) => m.message);
}

describe('features keep to their rooms', () => {
  it("refuses another feature's files, and takes its entry", () => {
    expect(refusals('src/features/orders/OrderActions.tsx', "import { useCartStore } from '../cart/api';")).toEqual([
      expect.stringContaining('through its entry'),
    ]);
    expect(refusals('src/features/orders/OrderActions.tsx', "import { useCartStore } from '../cart';")).toEqual([]);
    expect(refusals('src/features/cart/Cart.tsx', "export { OrderCard } from '../../features/orders/OrderCard';")).toEqual([
      expect.stringContaining('through its entry'),
    ]);
    // Its own files are its own.
    expect(refusals('src/features/cart/Cart.tsx', "import { cartStore } from './store';")).toEqual([]);
  });

  it('refuses the imports that would close a circle: account and cart, cart and catalogue', () => {
    expect(refusals('src/features/account/api.ts', "import { cartStore } from '../cart';")).toEqual([expect.stringContaining('account uses no other feature')]);
    expect(refusals('src/features/cart/Cart.tsx', "import { useUser } from '../account';")).toEqual([]);
    expect(refusals('src/features/cart/store.ts', "import { Home } from '../catalogue';")).toEqual([expect.stringContaining('cart uses only account, checkout, products')]);
    expect(refusals('src/features/catalogue/ProductCard.tsx', "import { AddToCart } from '../cart';")).toEqual([]);
    expect(refusals('src/features/cart/Cart.tsx', "import { orderKeys } from '../orders';")).toEqual([expect.stringContaining('cart uses only')]);
  });

  it('keeps the seller features below the area that routes to them, and apart from each other but through their entries', () => {
    expect(refusals('src/features/seller/SellerArea.tsx', "import { Orders } from '../seller-orders';")).toEqual([]);
    expect(refusals('src/features/seller-orders/Orders.tsx', "import { SellerArea } from '../seller';")).toEqual([expect.stringContaining('seller-orders uses only')]);
    expect(refusals('src/features/seller-money/Claims.tsx', "import { storeDay } from '../seller-orders';")).toEqual([]);
    expect(refusals('src/features/seller-money/Claims.tsx', "import { storeDay } from '../seller-orders/orderFilters';")).toEqual([expect.stringContaining('through its entry')]);
    expect(refusals('src/features/seller-staff/Staff.tsx', "import { useSellerSession } from '../seller-session';")).toEqual([]);
    expect(refusals('src/features/seller-session/api.ts', "import { useRiders } from '../seller-staff';")).toEqual([expect.stringContaining('seller-session uses no other feature')]);
  });

  it('lets app/ bring features together through their entries, and shared code use none', () => {
    expect(refusals('src/app/Navbar.tsx', "import { useAlerts } from '../features/alerts';")).toEqual([]);
    expect(refusals('src/app/Navbar.tsx', "import { useAlerts } from '../features/alerts/api';")).toEqual([expect.stringContaining('through its entry')]);
    expect(refusals('src/components/Navbar.tsx', "import { useCart } from '../features/cart';")).toEqual([expect.stringContaining('import none')]);
    expect(refusals('src/lib/config.ts', "import { useUser } from '../features/account';")).toEqual([expect.stringContaining('import none')]);
  });

  it('keeps app/ to composing: no feature and no shared code imports it', () => {
    expect(refusals('src/features/cart/Cart.tsx', "import { useApp } from '../../app/context';")).toEqual([expect.stringContaining('nothing imports it')]);
    expect(refusals('src/features/seller/orders/List.tsx', "import { paths } from '../../../app/paths';")).toEqual([expect.stringContaining('nothing imports it')]);
    expect(refusals('src/features/cart/Cart.tsx', "import { useApp } from '../../lib/appState';")).toEqual([]);
    expect(refusals('src/lib/useEndSession.ts', "import { useNavigate } from '../app/router';")).toEqual([expect.stringContaining('nothing imports it')]);
  });

  it('orders the features so that none uses one below it', () => {
    const seen = new Set<string>();
    for (const [name, uses] of Object.entries(config.features)) {
      for (const used of uses) expect(seen.has(used), `${name} uses ${used}`).toBe(true);
      seen.add(name);
    }
  });

  it('keeps each feature within 1,500 lines, its tests aside', () => {
    for (const name of Object.keys(config.features)) {
      const folder = `${web}src/features/${name}`;
      const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
      const lines = files.reduce((n, f) => n + readFileSync(join(folder, f), 'utf8').split('\n').length - 1, 0);
      expect(lines, `src/features/${name}: ${lines} lines`).toBeLessThanOrEqual(maxFeatureLines);
    }
  });
});

/** maxFeatureLines is the most lines a feature's modules (its tests aside) hold together: a larger one splits into features by job. */
const maxFeatureLines = 1500;
