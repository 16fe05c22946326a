// The storefront's router: the address bar as React state, matched against the patterns of
// paths.ts. It does what the pages use and nothing more (about 2 KB, where a general router costs
// about 20 KB of every shopper's first load):
//
//   <Routes>/<Route path element> pick the first route whose pattern matches, in the order written;
//   a pattern is absolute ("/products/:category") or, in a <Routes> inside a route ending in "/*",
//   relative to what that route matched ("orders/:number/slip"); "*" matches the rest, "index" the
//   parent's own path; a <Route> without a path wraps its children in its element, shown at <Outlet>.
//   Segments match without regard to case, and a trailing slash is ignored.
//   <Link>/<NavLink> are plain anchors that navigate without reloading; NavLink is active on its
//   path and, unless `end`, below it, and then carries aria-current="page".
//   A navigation renders in a transition: the page shown stays until the next page's code is there.
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

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

/** A History is where locations come from: the browser's, or a list in memory for tests. */
interface History {
  location: () => Location;
  navigate: (to: string, options?: NavigateOptions) => void;
  go: (delta: number) => void;
  listen: (onChange: () => void) => () => void;
}

const parse = (to: string, state: unknown): Location => {
  const url = new URL(to, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state };
};

const href = (l: Location) => l.pathname + l.search + l.hash;

function browserHistory(): History {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  let current: Location | undefined;
  window.addEventListener('popstate', () => {
    current = undefined;
    notify();
  });
  return {
    location: () =>
      (current ??= parse(
        window.location.pathname + window.location.search + window.location.hash,
        (window.history.state as { usr?: unknown } | null)?.usr ?? null,
      )),
    navigate: (to, { replace = false, state = null } = {}) => {
      window.history[replace ? 'replaceState' : 'pushState']({ usr: state }, '', to);
      current = undefined;
      notify();
    },
    go: (delta) => window.history.go(delta),
    listen: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

function memoryHistory(entries: string[]): History {
  const stack = entries.map((e) => parse(e, null));
  let index = stack.length - 1;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  return {
    location: () => stack[index]!,
    navigate: (to, { replace = false, state = null } = {}) => {
      if (!replace) index++;
      stack.splice(index, stack.length, parse(to, state));
      notify();
    },
    go: (delta) => {
      index = Math.min(Math.max(index + delta, 0), stack.length - 1);
      notify();
    },
    listen: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

interface RouterState {
  location: Location;
  history: History;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const r = useContext(RouterContext);
  if (!r) throw new Error('a router hook is used outside a <BrowserRouter> or <MemoryRouter>');
  return r;
}

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => {
    const update = () => startTransition(() => setLocation(history.location()));
    update();
    return history.listen(update);
  }, [history]);
  const value = useMemo(() => ({ location, history }), [location, history]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

/** BrowserRouter keeps the page's address bar. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <Router history={history}>{children}</Router>;
}

/** MemoryRouter keeps its addresses in memory, starting at the last of initialEntries (for tests). */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

/** useLocation is the location shown. */
export const useLocation = (): Location => useRouter().location;

export type Navigate = (to: string | number, options?: NavigateOptions) => void;

/** useNavigate goes to a path, or moves by a number of entries in the history (-1 is back). */
export function useNavigate(): Navigate {
  const { history } = useRouter();
  return useMemo<Navigate>(() => (to, options) => (typeof to === 'number' ? history.go(to) : history.navigate(to, options)), [history]);
}

type SearchInit = URLSearchParams | Record<string, string> | string;

/** useSearchParams is the query of the location shown, and a function that replaces it on the same path. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { location, history } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = (next: SearchInit, options?: NavigateOptions) => {
    const q = new URLSearchParams(next).toString();
    history.navigate(location.pathname + (q ? `?${q}` : ''), options);
  };
  return [params, set];
}

interface Matched {
  params: Record<string, string>;
  /** base is the path a nested <Routes> matches against: what came before a trailing "*". */
  base: string;
  outlet: ReactNode;
}

const MatchContext = createContext<Matched>({ params: {}, base: '/', outlet: null });

/** useParams are the values of the ":name" segments of the routes matched. */
export const useParams = (): Record<string, string | undefined> => useContext(MatchContext).params;

/** Outlet shows the route matched inside a layout route. */
export const Outlet = () => useContext(MatchContext).outlet;

export interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** Route declares one route of a <Routes>; it renders nothing itself. */
export function Route(props: RouteProps): ReactElement | null {
  void props;
  return null;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** match matches a pattern's segments against a path's: the params and the base, or null. */
function match(pattern: string[], path: string[]): { params: Record<string, string>; base: string } | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    if (p === '*' && i === pattern.length - 1) {
      params['*'] = path.slice(i).join('/');
      return { params, base: '/' + path.slice(0, i).join('/') };
    }
    const s = path[i];
    if (s === undefined) return null;
    if (p.startsWith(':')) params[p.slice(1)] = safeDecode(s);
    else if (p.toLowerCase() !== s.toLowerCase()) return null;
  }
  return pattern.length === path.length ? { params, base: '/' + path.join('/') } : null;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** render finds the first of routes that matches path (the segments below base) and renders it. */
function render(routes: ReactNode, base: string[], path: string[], parent: Record<string, string>): ReactNode | undefined {
  for (const child of Children.toArray(routes)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const { path: pattern, index, element, children } = child.props;
    if (pattern === undefined && !index) {
      // A layout route: its element frames whichever of its children matches.
      const inner = render(children, base, path, parent);
      if (inner === undefined) continue;
      return <MatchContext value={{ params: parent, base: '/' + base.join('/'), outlet: inner }}>{element}</MatchContext>;
    }
    const full = pattern?.startsWith('/') ? segments(pattern) : [...base, ...segments(pattern ?? '')];
    const m = match(full, path);
    if (!m) continue;
    return <MatchContext value={{ params: { ...parent, ...m.params }, base: m.base, outlet: null }}>{element}</MatchContext>;
  }
  return undefined;
}

/** Routes shows the first of its <Route>s that matches the location. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { base, params } = useContext(MatchContext);
  return render(children, segments(base), segments(pathname), params) ?? null;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>;

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  state?: unknown;
  className?: string;
}

/** useLinkClick navigates on a plain left click of a link; other clicks are the browser's (a new tab, a download). */
function useLinkClick(to: string, { replace, state, target, onClick }: Pick<LinkProps, 'replace' | 'state' | 'target' | 'onClick'>) {
  const { location, history } = useRouter();
  return (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || (target && target !== '_self') || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    // A link to the page shown replaces it in the history instead of adding it again.
    history.navigate(to, { replace: replace ?? href(location) === href(parse(to, null)), state });
  };
}

/** Link is an anchor that moves within the storefront. */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const click = useLinkClick(to, { replace, state, target, onClick });
  return <a {...rest} href={to} target={target} onClick={click} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** end makes the link active on its own path only, not on the paths below it. */
  end?: boolean;
  className?: string | ((s: { isActive: boolean }) => string);
}

/** NavLink is a Link that knows whether it leads to the page shown. */
export function NavLink({ to, end = false, className, replace, state, target, onClick, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const click = useLinkClick(to, { replace, state, target, onClick });
  const here = pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const there = parse(to, null).pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const isActive = here === there || (!end && there !== '/' && here.startsWith(`${there}/`));
  const cls = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : ''].filter(Boolean).join(' ');
  return <a {...rest} href={to} target={target} onClick={click} aria-current={isActive ? 'page' : undefined} className={cls || undefined} />;
}
