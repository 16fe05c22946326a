// The storefront's routing, over wouter (https://github.com/molefrog/wouter, about 2 KB): this
// module keeps the names the pages import (BrowserRouter, Routes, Route, Outlet, Link, NavLink,
// useNavigate, useLocation, useParams, useSearchParams) and hands the work to wouter. wouter
// matches the patterns of paths.ts (without regard to case, a trailing slash ignored), nests the
// seller area under /seller, follows links, reads the query and keeps the history; what is written
// here is only what wouter has no word for:
//
//   - A navigation renders in a transition: the page shown stays until the next page's code is
//     there, instead of a lazy page's Suspense fallback blanking it. wouter's own location hooks
//     read the address bar through useSyncExternalStore, whose updates React renders at once;
//     so the routers below copy the location into state inside startTransition, and give wouter
//     that copy through its `hook` and `searchHook`.
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
import { Link as WouterLink, Route as WouterRoute, Router, Switch, useLocation as useWouterLocation, useParams as useWouterParams, useSearchParams as useWouterSearchParams } from 'wouter';
import { navigate as browserNavigate, useHistoryState, useLocationProperty, usePathname, useSearch as useBrowserSearch } from 'wouter/use-browser-location';
import { memoryLocation } from 'wouter/memory-location';

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

/** Shown is the location the pages render (it follows the address in a transition), and how to move. */
interface Shown {
  location: Location;
  navigate: (to: string, options?: NavigateOptions) => void;
  go: (delta: number) => void;
  /** latestSearch is the query of the address now, which the location shown may not have caught up with yet. */
  latestSearch: () => string;
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

/** Transitioned shows the location at, and renders a change of it in a transition. */
function Transitioned({ at, navigate, go, latestSearch, children }: { at: Location } & Omit<Shown, 'location'> & { children: ReactNode }) {
  const [location, setLocation] = useState(at);
  const { pathname, search, hash, state } = at;
  useLayoutEffect(() => {
    startTransition(() =>
      setLocation((l) => (l.pathname === pathname && l.search === search && l.hash === hash && l.state === state ? l : { pathname, search, hash, state })),
    );
  }, [pathname, search, hash, state]);
  const value = useMemo(() => ({ location, navigate, go, latestSearch }), [location, navigate, go, latestSearch]);
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
  if (path === '*') return <WouterRoute key={key}>{element}</WouterRoute>;
  // "a/*" nests: wouter matches "a" and what lies below it, and the inner routes see the rest.
  const nest = path?.endsWith('/*') ?? false;
  const pattern = index ? '/' : `/${path!.replace(/^\//, '').replace(/\/\*$/, '')}`;
  return (
    <WouterRoute key={key} path={pattern} nest={nest}>
      {element}
    </WouterRoute>
  );
}

/** Routes shows the first of its <Route>s that matches the location. */
export function Routes({ children }: { children: ReactNode }) {
  return <Switch>{Children.toArray(children).filter(isValidElement<RouteProps>).map(toWouter)}</Switch>;
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
