import { createElement, useSyncExternalStore, type ComponentType } from 'react';
import r2wc from '@r2wc/react-to-web-component';
import { createStore } from 'zustand/vanilla';
import { dispatch, hostOf } from './dispatch.js';
import { hostStoreFor } from './hostStore.js';

/**
 * The one way a React component becomes a `ds-*` custom element. Every element file is
 *
 *   export class DsThingElement extends dsElement(Thing, { attributes, booleans, properties, events }) {}
 *   defineDsElement('ds-thing', DsThingElement);
 *
 * with JSDoc on the class (`@tag @attr @prop @event @csspart @cssproperty`, read into
 * custom-elements.json; copy uploader/uploader.element.ts), and gets: an open shadow root,
 * kebab-case attributes for primitive props, boolean attributes, property-only values (never
 * reflected), callbacks fired as composed `ds-*` events from the host, properties a page set before
 * the tag was defined moved behind the accessors, and a view that survives being moved in the page.
 */

type Keys<P> = keyof P & string;
type Callback = ((detail: never) => void) | undefined;
type CallbackKeys<P> = { [K in Keys<P>]: P[K] extends Callback ? K : never }[Keys<P>];

export interface DsElementSpec<P, A extends Keys<P>, B extends Keys<P>, Q extends Keys<P>> {
  /** Primitive props r2wc reads from the attribute of the same name in kebab-case (`apiBase` ← `api-base`). */
  attributes: { readonly [K in A]: 'string' | 'number' };
  /** Boolean attributes (present and not `"false"` means true), attribute name → prop; r2wc skips empty values. */
  booleans?: Readonly<Record<string, B>>;
  /** Props that are properties only, never attributes: a token would leak into copied HTML, a playlist has no text form. */
  properties?: readonly Q[];
  /** Component callbacks fired as `ds-*` events (bubbling, composed) from the host element. */
  events?: { readonly [K in CallbackKeys<P>]?: `ds-${string}` };
}

/** The element's own typed accessors on top of HTMLElement. */
export type DsElementInstance<P, A extends Keys<P>, B extends Keys<P>, Q extends Keys<P>> = HTMLElement & { [K in A]: P[K] | undefined } & {
  [K in B]: boolean;
} & { [K in Q]: P[K] | undefined };

export interface DsElementClass<I> {
  new (): I;
  readonly observedAttributes: string[];
}

/** What r2wc's class really has; its typings only say CustomElementConstructor. */
interface R2wcElementClass {
  new (): HTMLElement & {
    attributeChangedCallback(name: string, previous: string | null, value: string | null): void;
    disconnectedCallback(): void;
  };
  readonly observedAttributes: string[];
}

type Extra = Record<string, unknown>;

/** Builds the element class for a component (see the file comment). */
export function dsElement<P extends object, A extends Keys<P> = never, B extends Keys<P> = never, Q extends Keys<P> = never>(
  component: ComponentType<P>,
  spec: DsElementSpec<P, A, B, Q>,
): DsElementClass<DsElementInstance<P, A, B, Q>> {
  const booleans: Readonly<Record<string, string>> = spec.booleans ?? {};
  const properties: readonly string[] = spec.properties ?? [];
  const events = Object.entries(spec.events ?? {}) as Array<[string, `ds-${string}`]>;
  const initial = (): Extra => ({
    ...Object.fromEntries(Object.values(booleans).map((prop) => [prop, false])),
    ...Object.fromEntries(properties.map((prop) => [prop, undefined])),
  });
  const hostState = hostStoreFor<Extra>(initial);
  const detached = createStore<Extra>()(initial);

  /** Adds what r2wc cannot carry (properties, boolean attributes) and turns callbacks into DOM events. */
  function ElementView({ container, ...attributes }: { container?: Node } & Extra) {
    const host = hostOf(container);
    const store = host ? hostState(host) : detached;
    const extra = useSyncExternalStore(store.subscribe, store.getState, store.getState);
    const callbacks: Extra = {};
    for (const [prop, type] of events) {
      callbacks[prop] = (detail: unknown) => {
        if (host) dispatch(host, type, detail);
      };
    }
    return createElement(component as ComponentType<Extra>, { ...attributes, ...extra, ...callbacks });
  }
  ElementView.displayName = `${component.displayName ?? component.name}Element`;

  const Base = r2wc(ElementView, { shadow: 'open', props: spec.attributes as Record<string, 'string' | 'number'> }) as unknown as R2wcElementClass;
  const upgraded = [...Object.keys(spec.attributes), ...Object.values(booleans), ...properties];

  class DsElement extends Base {
    constructor() {
      super();
      // A page may set properties before the script defined the tag: move them behind the accessors.
      const self = this as unknown as Extra;
      for (const name of upgraded) {
        if (!Object.prototype.hasOwnProperty.call(this, name)) continue;
        const value = self[name];
        delete self[name];
        self[name] = value;
      }
    }

    static override get observedAttributes(): string[] {
      return [...super.observedAttributes, ...Object.keys(booleans)];
    }

    /**
     * Unmounts once the element has really left the page. A host framework that moves the element
     * (a keyed list reordered) disconnects and reconnects it in one go: the view, and an upload under
     * way, stay. Deferring also keeps a React host's commit from unmounting another root mid-render.
     */
    override disconnectedCallback(): void {
      queueMicrotask(() => {
        if (!this.isConnected) super.disconnectedCallback();
      });
    }

    override attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
      const prop = booleans[name];
      if (prop) {
        hostState(this).setState({ [prop]: value !== null && value !== 'false' });
        return;
      }
      super.attributeChangedCallback(name, previous, value);
    }
  }

  for (const [attribute, prop] of Object.entries(booleans)) {
    Object.defineProperty(DsElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return this.hasAttribute(attribute);
      },
      set(this: HTMLElement, value: unknown) {
        this.toggleAttribute(attribute, !!value);
      },
    });
  }
  for (const prop of properties) {
    Object.defineProperty(DsElement.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: HTMLElement) {
        return hostState(this).getState()[prop];
      },
      set(this: HTMLElement, value: unknown) {
        hostState(this).setState({ [prop]: value === null || value === '' ? undefined : value });
      },
    });
  }
  return DsElement as unknown as DsElementClass<DsElementInstance<P, A, B, Q>>;
}

/** Every `ds-*` tag this bundle defined, so tests can compare them with custom-elements.json. */
export const registeredTags: Set<string> = new Set();

/**
 * Defines a tag once. Two bundles on one page (the portal's and a bureau's) must not throw
 * "already defined"; the first definition wins.
 */
export function defineDsElement(tag: `ds-${string}`, ctor: CustomElementConstructor): void {
  registeredTags.add(tag);
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  customElements.define(tag, ctor);
}
