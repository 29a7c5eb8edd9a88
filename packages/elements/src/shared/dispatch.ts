/**
 * Fires a `ds-*` event from the host element. Bubbling and composed so that a page listening on
 * `document` hears events from elements inside other shadow roots.
 */
export function dispatch<T>(host: EventTarget, type: `ds-${string}`, detail: T): boolean {
  return host.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true, composed: true }));
}

/** The element that owns a shadow root (or the node itself when the component renders in light DOM). */
export function hostOf(container: Node | null | undefined): HTMLElement | null {
  if (!container) return null;
  if (container instanceof ShadowRoot) return container.host as HTMLElement;
  return container instanceof HTMLElement ? container : null;
}
