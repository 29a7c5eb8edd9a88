import { useEffect, useState } from 'react';
import { useProvidedPlatform } from '../shared/providedPlatform.js';
import type { EditorSource } from './toolEditorCore.js';
import type { Lang } from './messages.js';

type Core = typeof import('./toolEditorCore.js');
let loading: Promise<Core> | undefined;

/** Loads the lazy part once per page; a failed load (offline) is tried again by the next mount. */
export function loadCore(): Promise<Core> {
  loading ??= import('./toolEditorCore.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The editor's calls once the lazy part is in: the provided platform (a React host) or the shared one
 * for `apiBase`; the token property when the page handed one in.
 */
export function useEditorSource(apiBase: string | undefined, token: string | undefined, lang: Lang): { source: EditorSource | null; core: Core | null; failed: unknown } {
  const provided = useProvidedPlatform();
  const [state, setState] = useState<{ key: string; source: EditorSource | null; core: Core | null; failed: unknown }>({ key: '', source: null, core: null, failed: null });
  const key = `${apiBase ?? ''}|${token ?? ''}|${lang}|${provided ? 'p' : ''}`;
  useEffect(() => {
    let live = true;
    loadCore().then(
      (core) => live && setState({ key, core, failed: null, source: core.editorSource(provided ?? core.getPlatform(apiBase), () => token || undefined, () => lang) }),
      (failed: unknown) => live && setState({ key, core: null, source: null, failed }),
    );
    return () => {
      live = false;
    };
  }, [key, provided, apiBase, token, lang]);
  return state.key === key ? state : { source: null, core: null, failed: null };
}
