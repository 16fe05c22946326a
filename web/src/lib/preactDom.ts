// The storefront runs on Preact through its React layer (vite-plugins.ts, preactAliases). One thing
// Preact does otherwise than React: an attribute that leaves an element Preact keeps is set to ''
// through its property, not removed, and for a few attributes '' is a value. An input that held
// a maxlength (a code of 6 digits) and is now a name field would take no letter at all (maxlength
// 0), one that held a pattern would take nothing but an empty value, and an element whose lang
// or alt goes would be in no language or be marked as decoration. These go as React has them go.
import { options, type VNode } from 'preact';

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
