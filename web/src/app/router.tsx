// The storefront's routing, over wouter (https://github.com/molefrog/wouter, about 2 KB): this
// module keeps the names the pages import (BrowserRouter, Routes, Route, Outlet, Link, NavLink,
// useNavigate, useLocation, useParams, useSearchParams) and hands the work to wouter. wouter
// matches the patterns of paths.ts (without regard to case, a trailing slash ignored), nests the
// seller area under /seller, follows links, reads the query and keeps the history; what is written
// here is only what wouter has no word for:
//
//   - The page shown stays until the next page's code is there, instead of a lazy page's Suspense
//     fallback blanking it. The routers below copy the location into state once the code of the
//     page it leads to has loaded (each <Routes> names the code of its routes' pages made with
//     lazyPage: lib/lazyPage.ts), and give wouter that copy through its `hook` and `searchHook`.
//     (React holds a change rendered in a transition so by itself; the storefront runs on Preact,
//     whose transitions render at once.)
//   - Patterns are written as the pages know them: "*" for any path, "index" for the parent's own
//     path, "/seller/*" for a route whose own <Routes> match below it, relative to it.
//   - <Route element> without a path is a layout: its element shows its matching child at <Outlet>.
//   - useLocation carries the state the navigation passed along (`from` of a list, for example),
//     and useNavigate moves by a number of entries too (-1 is back).
//   - NavLink is active on its path and, unless `end`, below it, and then has aria-current="page".
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useContext,
  useCallback,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  Link as WouterLink,
  matchRoute,
  Route as WouterRoute,
  Router,
  Switch,
  useLocation as useWouterLocation,
  useParams as useWouterParams,
  useRouter,
  useSearchParams as useWouterSearchParams,
} from 'wouter';
import { navigate as browserNavigate, useHistoryState, useLocationProperty, usePathname, useSearch as useBrowserSearch } from 'wouter/use-browser-location';
import { memoryLocation } from 'wouter/memory-location';
import type { Loadable } from '../lib/lazyPage';

export interface Location {
  pathname: string;
  /** search is the query with its "?", or "". */
  search: string;
  hash: string;
  /** state is what the navigation that led here passed along (kept by the browser's history). */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** PageCode is the code the page at a path needs and has not loaded yet, undefined when there is none to wait for. */
type PageCode = (pathname: string) => Promise<unknown> | undefined;

/** Shown is the location the pages render (it follows the address once its page's code is there), and how to move. */
interface Shown {
  location: Location;
  navigate: (to: string, options?: NavigateOptions) => void;
  go: (delta: number) => void;
  /** latestSearch is the query of the address now, which the location shown may not have caught up with yet. */
  latestSearch: () => string;
  /** codes are the mounted <Routes>' answers to what a path's page still has to load. */
  codes: Set<PageCode>;
}

const ShownContext = createContext<Shown | null>(null);

function useShown(): Shown {
  const s = useContext(ShownContext);
  if (!s) throw new Error('a router hook is used outside a <BrowserRouter> or <MemoryRouter>');
  return s;
}

// wouter's location hooks, answered from the location shown (stable functions, so wouter's
// router object stays the same between renders).
const useShownPath = (): [string, Shown['navigate']] => {
  const { location, navigate } = useShown();
  return [location.pathname, navigate];
};
const useShownSearch = () => useShown().location.search;

/** Transitioned shows the location at, once the code of its page is there, and renders a change of it in a transition. */
function Transitioned({ at, navigate, go, latestSearch, children }: { at: Location } & Omit<Shown, 'location' | 'codes'> & { children: ReactNode }) {
  const [location, setLocation] = useState(at);
  const [codes] = useState(() => new Set<PageCode>());
  const { pathname, search, hash, state } = at;
  useLayoutEffect(() => {
    // A later change of the address takes the place of one still waiting for its page's code.
    let current = true;
    const show = () => {
      if (!current) return;
      startTransition(() =>
        setLocation((l) => (l.pathname === pathname && l.search === search && l.hash === hash && l.state === state ? l : { pathname, search, hash, state })),
      );
    };
    const loading = [...codes].map((code) => code(pathname)).filter((p) => p !== undefined);
    if (loading.length === 0) show();
    else void Promise.all(loading).then(show, show);
    return () => {
      current = false;
    };
  }, [pathname, search, hash, state, codes]);
  const value = useMemo(() => ({ location, navigate, go, latestSearch, codes }), [location, navigate, go, latestSearch, codes]);
  return (
    <ShownContext value={value}>
      <Router hook={useShownPath} searchHook={useShownSearch}>
        {children}
      </Router>
    </ShownContext>
  );
}

const withMark = (search: string) => (search === '' || search === '?' ? '' : search[0] === '?' ? search : `?${search}`);
const browserGo = (delta: number) => window.history.go(delta);
const browserHash = () => window.location.hash;
const browserSearch = () => window.location.search;

/** BrowserRouter keeps the page's address bar. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const at = { pathname: usePathname(), search: withMark(useBrowserSearch()), hash: useLocationProperty(browserHash, browserHash), state: useHistoryState<unknown>() };
  return (
    <Transitioned at={at} navigate={browserNavigate} go={browserGo} latestSearch={browserSearch}>
      {children}
    </Transitioned>
  );
}

/** MemoryRouter keeps its addresses in memory, starting at the last of initialEntries (for tests). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [memory] = useState(() => {
    const m = memoryLocation({ path: initialEntries.at(-1) ?? '/', record: true });
    // wouter's memory keeps the last state given; a navigation without one has none, as in a browser.
    const navigate = (to: string, options?: NavigateOptions) => m.navigate(to, { replace: options?.replace, state: options?.state ?? null });
    // wouter's memory records the entries but cannot move among them: going back takes the
    // entries after the one gone to away (there is no forward in memory).
    const go = (delta: number) => {
      const entries = m.history;
      const to = entries[entries.length - 1 + delta];
      if (delta >= 0 || to === undefined) return;
      entries.length += delta;
      navigate(to, { replace: true });
    };
    const latestSearch = () => {
      const path = m.history?.at(-1) ?? '';
      return path.includes('?') ? path.slice(path.indexOf('?')) : '';
    };
    return { m, navigate, go, latestSearch };
  });
  const [pathname] = memory.m.hook();
  const at = { pathname, search: withMark(memory.m.searchHook()), hash: '', state: memory.m.state };
  return (
    <Transitioned at={at} navigate={memory.navigate} go={memory.go} latestSearch={memory.latestSearch}>
      {children}
    </Transitioned>
  );
}

const stay = () => {};

/** StaticRouter shows one address and moves nowhere: a page rendered ahead at build time (prerender.tsx). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const [pathname = '/', search = ''] = location.split('?');
  return (
    <Transitioned at={{ pathname, search: withMark(search), hash: '', state: null }} navigate={stay} go={stay} latestSearch={() => withMark(search)}>
      {children}
    </Transitioned>
  );
}

/** useLocation is the location shown, its whole path even inside a nested <Routes>. */
export const useLocation = (): Location => useShown().location;

export type Navigate = (to: string | number, options?: NavigateOptions) => void;

/** absolute marks a path from the root ("~/…"), so wouter does not read it below a nested route's base. */
const absolute = (to: string) => (to.startsWith('/') ? `~${to}` : to);

/** useNavigate goes to a path, or moves by a number of entries in the history (-1 is back). */
export function useNavigate(): Navigate {
  const [, navigate] = useWouterLocation();
  const { go } = useShown();
  return useMemo<Navigate>(() => (to, options) => (typeof to === 'number' ? go(to) : navigate(absolute(to), options)), [navigate, go]);
}

type SearchInit = URLSearchParams | Record<string, string> | string;
type SetSearch = (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void;

/**
 * useSearchParams is the query of the location shown, and a function that replaces it on the same
 * path. Given a function, it is passed the query as the last change left it, even one the page has
 * not shown yet: two changes in quick succession (two filters chosen one after the other) both hold.
 */
export function useSearchParams(): [URLSearchParams, SetSearch] {
  const [params, setParams] = (useWouterSearchParams as () => [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void])();
  const { latestSearch } = useShown();
  const set = useCallback<SetSearch>(
    (next, options) => setParams(typeof next === 'function' ? next(new URLSearchParams(latestSearch())) : next, options),
    [setParams, latestSearch],
  );
  return [params, set];
}

/** useParams are the values of the ":name" segments of the routes matched. */
export const useParams = (): Record<string, string | undefined> => useWouterParams();

// wouter has no layout routes: the element of a <Route> without a path gets its matching child
// through this context, and shows it where it puts <Outlet />.
const OutletContext = createContext<ReactNode>(null);

/** Outlet shows the route matched inside a layout route. */
export const Outlet = () => useContext(OutletContext);

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Route declares one route of a <Routes>; <Routes> turns it into wouter's. */
export function Route(props: RouteProps): ReactElement | null {
  void props;
  return null;
}

/** patternOf is the wouter pattern of a <Route> with a path ("a/*" nests: wouter matches "a" and what lies below it), undefined for one that matches any path. */
function patternOf({ path, index }: RouteProps): { pattern: string; nest: boolean } | undefined {
  if ((path === undefined && !index) || path === '*') return undefined;
  const nest = path?.endsWith('/*') ?? false;
  return { pattern: index ? '/' : `/${path!.replace(/^\//, '').replace(/\/\*$/, '')}`, nest };
}

/** toWouter is the wouter route of one <Route>. */
function toWouter(route: ReactElement<RouteProps>) {
  const { path, index, element, children } = route.props;
  const key = route.key;
  // A layout, or "*": wouter's route without a path matches any path. (A layout whose children
  // all miss still shows, with an empty outlet; the seller area's ends in "*", so one always matches.)
  if (path === undefined && !index) {
    return (
      <WouterRoute key={key}>
        <OutletContext value={<Routes>{children}</Routes>}>{element}</OutletContext>
      </WouterRoute>
    );
  }
  const { pattern, nest } = patternOf(route.props) ?? { pattern: undefined, nest: false };
  if (pattern === undefined) return <WouterRoute key={key}>{element}</WouterRoute>;
  // The inner routes of one that nests see the rest of the path.
  return (
    <WouterRoute key={key} path={pattern} nest={nest}>
      {element}
    </WouterRoute>
  );
}

/** Routes shows the first of its <Route>s that matches the location, and tells a navigation what that page still has to load. */
export function Routes({ children }: { children: ReactNode }) {
  const routes = Children.toArray(children).filter(isValidElement<RouteProps>);
  const { codes } = useShown();
  const { base, parser } = useRouter();
  useLayoutEffect(() => {
    // The first route that matches, as wouter's Switch picks it, below this one's base (as wouter reads it, without regard to case).
    const code: PageCode = (pathname) => {
      if (base && !`${pathname.toLowerCase()}/`.startsWith(`${base.toLowerCase()}/`)) return undefined;
      const path = pathname.slice(base.length) || '/';
      const route = routes.find((r) => {
        const p = patternOf(r.props);
        return !p || matchRoute(parser, p.pattern, path, p.nest)[0];
      });
      const element = route?.props.element;
      return isValidElement(element) ? (element.type as Partial<Loadable>).load?.() : undefined;
    };
    codes.add(code);
    return () => void codes.delete(code);
  });
  return <Switch>{routes.map(toWouter)}</Switch>;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>;

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  state?: unknown;
  className?: string;
}

/** useHere tells whether to is the page shown: a link to it replaces it in the history instead of adding it again. */
function useHere(to: string) {
  const { pathname, search, hash } = useLocation();
  const url = new URL(to, `http://x${pathname}`);
  return url.pathname + url.search + url.hash === pathname + search + hash;
}

/** Link is an anchor that moves within the storefront. */
export function Link({ to, replace, state, target, ...rest }: LinkProps) {
  const here = useHere(to);
  // A link that opens elsewhere (another tab) is the browser's; wouter's would move this page.
  if (target && target !== '_self') return <a {...rest} href={to} target={target} />;
  return <WouterLink {...rest} to={absolute(to)} target={target} replace={replace ?? here} state={state} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** end makes the link active on its own path only, not on the paths below it. */
  end?: boolean;
  className?: string | ((s: { isActive: boolean }) => string);
}

/** NavLink is a Link that knows whether it leads to the page shown (wouter's knows its own path only, not below it). */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const here = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const there = new URL(to, 'http://x').pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const isActive = here === there || (!end && there !== '/' && here.startsWith(`${there}/`));
  const cls = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : ''].filter(Boolean).join(' ');
  return <Link {...rest} to={to} aria-current={isActive ? 'page' : undefined} className={cls || undefined} />;
}
