/** Every `ds-*` tag this bundle defined, so tests can compare them with custom-elements.json. */
export const registeredTags: Set<string> = new Set();

/**
 * Defines a tag once. Two bundles on one page (the portal's and a bureau's) must not throw
 * "already defined"; the first definition wins.
 */
export function defineElement(tag: `ds-${string}`, ctor: CustomElementConstructor): void {
  registeredTags.add(tag);
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(tag, ctor);
}
