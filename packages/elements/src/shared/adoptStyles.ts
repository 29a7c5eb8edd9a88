import { useLayoutEffect } from 'react';
import tokens from './tokens.css?inline';

/**
 * Puts a component's stylesheet into its shadow root, once per root. Outside a shadow root
 * (React hosts, Storybook) the sheet goes into the document head, also once.
 */
export function adoptStyles(root: Node | null, id: string, css: string): void {
  if (!root) return;
  const target = root instanceof ShadowRoot ? root : (root.ownerDocument ?? document).head;
  if (!target || target.querySelector(`style[data-ds-style="${id}"]`)) return;
  const style = (root.ownerDocument ?? document).createElement('style');
  style.dataset.dsStyle = id;
  style.textContent = css;
  target.prepend(style);
}

/**
 * Hook form: finds the root from a rendered node so the component need not know where it lives.
 * The theme's token sheet (tokens.css) comes with every component's own sheet; the component's root
 * carries the `ds-theme` class so the tokens resolve outside a shadow root too.
 */
export function useStyles(node: { current: Node | null }, id: string, css: string): void {
  useLayoutEffect(() => {
    const current = node.current;
    if (!current) return;
    adoptStyles(current.getRootNode(), id, css);
    adoptStyles(current.getRootNode(), 'ds-tokens', tokens);
  }, [node, id, css]);
}
