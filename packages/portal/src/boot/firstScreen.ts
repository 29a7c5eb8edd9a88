/**
 * The static first screen of index.html (docs/performance.md, "First paint") stays until the route's
 * own screen is in the page: the portal renders under it, hidden, and the swap happens in one frame,
 * so nothing flashes (no loading spinner between the two) and nothing that was on screen moves.
 */
interface RouterLike {
  readonly state: { initialized: boolean; errors: unknown; matches: readonly { route: { path?: string } }[] };
  subscribe(listener: () => void): () => void;
}

/** Removes `#ds-first` once the router is ready and the shell (or whatever the route shows instead) is rendered. */
export function replaceFirstScreen(router: RouterLike, root: HTMLElement, doc: Document = document): void {
  const first = doc.getElementById('ds-first');
  if (!first) return;
  let observer: MutationObserver | null = null;
  let stop: (() => void) | null = null;
  const check = () => {
    const { initialized, errors, matches } = router.state;
    if (!initialized) return;
    const inShell = matches[0]?.route.path === '/' && !errors;
    if (inShell && !root.querySelector('.ds-shell')) return;
    first.remove();
    doc.documentElement.removeAttribute('data-first');
    doc.documentElement.removeAttribute('data-first-art');
    observer?.disconnect();
    stop?.();
  };
  observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true });
  stop = router.subscribe(check);
  check();
}
