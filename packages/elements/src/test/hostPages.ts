import { createElement, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createApp, h, nextTick, shallowRef } from 'vue';
import type { VideoSource } from '../player/playerTypes.js';
import type { UploadErrorDetail } from '../uploader/uploaderEvents.js';

/**
 * The same page of elements as three kinds of bureau site build it: plain DOM calls, a React 19 app
 * and a Vue 3 app. Each page holds two players (playlists as properties), two uploaders (a token as a
 * property, `multiple` as a boolean, a ds-* listener each) a login form and a tool editor (a token as a property). Pages may render before
 * the tags are defined, as a site whose own bundle runs before the elements' script does.
 */
export interface PageValues {
  apiBase: string;
  lang: 'zh-CN' | 'en';
  playlists: [VideoSource[], VideoSource[]];
  token: string;
  multiple: boolean;
  onUploadError: (instance: 'first' | 'second', detail: UploadErrorDetail) => void;
}

export interface HostPage {
  readonly name: 'plain HTML' | 'React 19' | 'Vue 3';
  /** The container in the document; its id scopes the page's own styles. */
  readonly root: HTMLElement;
  render(values: PageValues): Promise<void>;
  unmount(): void;
}

type Instance = 'first' | 'second';
/** The tool the pages' `<ds-tool-editor>` opens (a new document). */
export const TOOL = 'gameTemplate';
const INSTANCES: Instance[] = ['first', 'second'];
const errorListener = (values: PageValues, instance: Instance) => (event: Event) =>
  values.onUploadError(instance, (event as CustomEvent<UploadErrorDetail>).detail);

function container(name: string): HTMLElement {
  const root = document.createElement('section');
  root.id = `host-${name.replace(/\W+/g, '-').toLowerCase()}`;
  document.body.append(root);
  return root;
}

/** Plain DOM: attributes with setAttribute, objects and tokens as properties, addEventListener. */
export function plainPage(): HostPage {
  const root = container('plain');
  let listeners: Array<() => void> = [];
  return {
    name: 'plain HTML',
    root,
    async render(values) {
      if (!root.childElementCount) {
        for (const instance of INSTANCES) root.append(Object.assign(document.createElement('ds-lesson-player'), { className: instance }));
        for (const instance of INSTANCES) root.append(Object.assign(document.createElement('ds-uploader'), { className: instance }));
        root.append(document.createElement('ds-login'));
        root.append(Object.assign(document.createElement('ds-tool-editor'), { className: 'tool' }));
        root.querySelector('ds-tool-editor')!.setAttribute('tool', TOOL);
      }
      listeners.forEach((remove) => remove());
      listeners = [];
      for (const el of root.children) {
        el.setAttribute('api-base', values.apiBase);
        el.setAttribute('lang', values.lang);
      }
      INSTANCES.forEach((instance, i) => {
        const player = root.querySelector(`ds-lesson-player.${instance}`) as HTMLElement & { sources?: VideoSource[] };
        player.sources = values.playlists[i];
        const uploader = root.querySelector(`ds-uploader.${instance}`) as HTMLElement & { token?: string };
        uploader.token = values.token;
        uploader.toggleAttribute('multiple', values.multiple);
        const listener = errorListener(values, instance);
        uploader.addEventListener('ds-upload-error', listener);
        listeners.push(() => uploader.removeEventListener('ds-upload-error', listener));
      });
      (root.querySelector('ds-tool-editor') as HTMLElement & { token?: string }).token = values.token;
    },
    unmount: () => root.remove(),
  };
}

/**
 * React 19 sets a prop as a property when the element has it, otherwise as an attribute, and listens
 * to `on<event-name>` props. Before the tag is defined nothing is a property yet, so values that must
 * never be attributes (the token, the playlists) go through a ref, as a React site would do.
 */
export function reactPage(): HostPage {
  const root = container('react');
  const reactRoot = createRoot(root);
  const page = (values: PageValues): ReactElement[] => [
    ...INSTANCES.map((instance, i) =>
      createElement('ds-lesson-player', {
        key: `player-${instance}`,
        className: instance,
        'api-base': values.apiBase,
        lang: values.lang,
        ref: (el: (HTMLElement & { sources?: VideoSource[] }) | null) => {
          if (el) el.sources = values.playlists[i];
        },
      }),
    ),
    ...INSTANCES.map((instance) =>
      createElement('ds-uploader', {
        key: `uploader-${instance}`,
        className: instance,
        'api-base': values.apiBase,
        lang: values.lang,
        multiple: values.multiple,
        'onds-upload-error': errorListener(values, instance),
        ref: (el: (HTMLElement & { token?: string }) | null) => {
          if (el) el.token = values.token;
        },
      }),
    ),
    createElement('ds-login', { key: 'login', 'api-base': values.apiBase, lang: values.lang }),
    createElement('ds-tool-editor', {
      key: 'tool',
      className: 'tool',
      tool: TOOL,
      'api-base': values.apiBase,
      lang: values.lang,
      ref: (el: (HTMLElement & { token?: string }) | null) => {
        if (el) el.token = values.token;
      },
    }),
  ];
  return {
    name: 'React 19',
    root,
    async render(values) {
      flushSync(() => reactRoot.render(page(values)));
    },
    unmount() {
      reactRoot.unmount();
      root.remove();
    },
  };
}

/** Vue 3 render functions: `.name` forces a property (`:token.prop` in a template), `onDs-…` listens. */
export function vuePage(): HostPage {
  const root = container('vue');
  // Shallow: the playlists reach the element as the page's own arrays, not as Vue proxies.
  const state = shallowRef<PageValues | null>(null);
  const app = createApp({
    render() {
      const values = state.value;
      if (!values) return null;
      return [
        ...INSTANCES.map((instance, i) => h('ds-lesson-player', { class: instance, 'api-base': values.apiBase, lang: values.lang, '.sources': values.playlists[i] })),
        ...INSTANCES.map((instance) =>
          h('ds-uploader', {
            class: instance,
            'api-base': values.apiBase,
            lang: values.lang,
            multiple: values.multiple,
            '.token': values.token,
            'onDs-upload-error': errorListener(values, instance),
          }),
        ),
        h('ds-login', { 'api-base': values.apiBase, lang: values.lang }),
        h('ds-tool-editor', { class: 'tool', tool: TOOL, 'api-base': values.apiBase, lang: values.lang, '.token': values.token }),
      ];
    },
  });
  app.mount(root);
  return {
    name: 'Vue 3',
    root,
    async render(values) {
      state.value = values;
      await nextTick();
    },
    unmount() {
      app.unmount();
      root.remove();
    },
  };
}
