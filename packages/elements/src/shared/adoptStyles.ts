import { useLayoutEffect } from 'react';
import { scopeCss } from './scopeCss.js';
import tokens from './tokens.css?inline';

/**
 * Puts a component's stylesheet into its shadow root, once per root. Outside a shadow root
 * (React hosts, Storybook) the sheet goes into the document head, also once: there it applies to the
 * whole page, so every rule of a component's sheet starts at the component's root, which carries
 * `data-ds-root="<tag>"` (`[data-ds-root="ds-login"]`, `:where([data-ds-root="ds-login"]) .ds-login__input`,
 * the same specificity as the bare class). A page's own `.ds-help` or `button` is never styled by it.
 * A library's sheet (Plyr's) is not written that way: given the `scope` of the root it lives in, it is
 * rewritten so when it goes into a document (scopeCss.ts).
 */
export function adoptStyles(root: Node | null, id: string, css: string, scope?: string): void {
  if (!root) return;
  const doc = root.ownerDocument ?? document;
  const shadow = root instanceof ShadowRoot;
  const target = shadow ? root : doc.head;
  if (!target || target.querySelector(`style[data-ds-style="${id}"]`)) return;
  const style = doc.createElement('style');
  style.dataset.dsStyle = id;
  style.textContent = scope && !shadow ? scopeCss(css, scope, doc) : css;
  target.prepend(style);
}

/**
 * Hook form: finds the root from a rendered node so the component need not know where it lives.
 * The theme's token sheet (tokens.css) comes with every component's own sheet; it is declared on
 * `[data-ds-root]` too, so the tokens resolve outside a shadow root.
 */
export function useStyles(node: { current: Node | null }, id: string, css: string): void {
  useLayoutEffect(() => {
    const current = node.current;
    if (!current) return;
    adoptStyles(current.getRootNode(), id, css);
    adoptStyles(current.getRootNode(), 'ds-tokens', tokens);
  }, [node, id, css]);
}
