// The storefront runs on Preact through its React layer (vite-plugins.ts, preactAliases). One thing
// Preact does otherwise than React: an attribute that leaves an element Preact keeps is set to ''
// through its property, not removed, and for a few attributes '' is a value. An input that held
// a maxlength (a code of 6 digits) and is now a name field would take no letter at all (maxlength
// 0), one that held a pattern would take nothing but an empty value, and an element whose lang
// or alt goes would be in no language or be marked as decoration. These go as React has them go.
// And Preact sets an element's props in the order they are written: an image given its src
// before loading="lazy" starts loading at once, wherever it is; React sets src last, as here.
// Last, taking over a page rendered ahead, Preact keeps the attributes the server sent without a
// word where its code draws others; checkTakeOver logs and mends them, as React does.
import { options, type VNode } from 'preact';

/** last are an image's props that start its loading, set after those that say how (loading, sizes). */
const last = new Set(['src', 'srcSet', 'srcset']);

const { vnode: created } = options as { vnode?: (vnode: VNode) => void };
options.vnode = (vnode) => {
  created?.(vnode);
  if (vnode.type !== 'img') return;
  const props = vnode.props as Record<string, unknown>;
  const keys = Object.keys(props);
  if (!keys.some((k, i) => last.has(k) && keys.slice(i + 1).some((after) => !last.has(after)))) return;
  // Every prop moves with its descriptor (React's layer keeps className and ref on props unlisted).
  const all = Object.entries(Object.getOwnPropertyDescriptors(props));
  vnode.props = Object.defineProperties({}, Object.fromEntries([...all.filter(([k]) => !last.has(k)), ...all.filter(([k]) => last.has(k))])) as typeof vnode.props;
};

/** removable are the attributes that leave as attributes, by the element types that have them ('*': every element). */
const removable: Record<string, readonly [prop: string, attribute: string][]> = {
  input: [
    ['maxLength', 'maxlength'],
    ['minLength', 'minlength'],
    ['pattern', 'pattern'],
  ],
  textarea: [
    ['maxLength', 'maxlength'],
    ['minLength', 'minlength'],
  ],
  img: [['alt', 'alt']],
  '*': [['lang', 'lang']],
};

/** dom is the element Preact drew for a vnode (its field is named so in Preact's builds). */
const dom = (vnode: VNode): Element | undefined => (vnode as unknown as { __e?: Element }).__e;

const { diffed } = options as { diffed?: (vnode: VNode) => void };
options.diffed = (vnode) => {
  diffed?.(vnode);
  if (typeof vnode.type !== 'string') return;
  const element = dom(vnode);
  if (!element || element.nodeType !== 1) return;
  const props = vnode.props as Record<string, unknown>;
  for (const list of [removable[vnode.type], removable['*']]) {
    for (const [prop, attribute] of list ?? []) {
      if (props[prop] == null && element.hasAttribute(attribute)) element.removeAttribute(attribute);
    }
  }
};

/** taken are the elements of a page rendered ahead not yet taken over; the first render of each is checked (see checkTakeOver). */
let taken: WeakSet<Element> | undefined;

/** skipped are the props that are no attribute, or whose attribute is not what the element shows now (a field's value). */
const skipped = new Set(['children', 'dangerouslySetInnerHTML', 'key', 'ref', 'value', 'checked', 'selected', 'defaultValue', 'defaultChecked', 'style', 'className']);

/** attributeOf is the attribute a prop writes, null for none, as the build's renderer writes it. */
function attributeOf(name: string, value: unknown): string | null {
  if (value == null || typeof value === 'function') return null;
  const spoken = name.startsWith('aria-') || name.startsWith('data-');
  if (value === false) return spoken ? 'false' : null;
  if (value === true) return spoken ? 'true' : '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * checkTakeOver has the first render of each element of root, a page rendered ahead that is
 * being taken over, compared with what the build drew: an attribute that differs is logged as an
 * error, as React logs a mismatch, and set as the page's code has it (Preact keeps the server's).
 */
export function checkTakeOver(root: Element) {
  taken = new WeakSet(root.querySelectorAll('*'));
}

const { diffed: before } = options as { diffed?: (vnode: VNode) => void };
options.diffed = (vnode) => {
  before?.(vnode);
  if (!taken || typeof vnode.type !== 'string') return;
  const element = dom(vnode);
  if (!element || !taken.has(element)) return;
  taken.delete(element);
  for (const [name, value] of Object.entries(vnode.props as Record<string, unknown>)) {
    if (skipped.has(name) || name.startsWith('on')) continue;
    const attribute = name === 'htmlFor' ? 'for' : name;
    const want = attributeOf(name, value);
    const has = element.getAttribute(attribute);
    if (has === want) continue;
    console.error(`The page rendered ahead differs from its code's: <${vnode.type}> ${attribute}="${has}", the code has ${want === null ? 'none' : `"${want}"`}`);
    if (want === null) element.removeAttribute(attribute);
    else element.setAttribute(attribute, want);
  }
};
