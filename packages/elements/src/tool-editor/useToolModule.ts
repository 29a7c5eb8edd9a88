import { useEffect, useState } from 'react';
import { loadTool, toolRegistry } from './toolRegistry.js';
import type { ToolId, ToolModule } from './toolModule.js';

export type ToolLoad = { status: 'loading' } | { status: 'ready'; module: ToolModule } | { status: 'unavailable' } | { status: 'failed'; error: unknown };

/** The tool's lazy part; `unavailable` when the registry has no such tool (yet). */
export function useToolModule(tool: ToolId | undefined, attempt: number): ToolLoad {
  const [state, setState] = useState<{ key: string; load: ToolLoad }>({ key: '', load: { status: 'loading' } });
  const key = `${tool ?? ''}|${attempt}`;
  const present = tool !== undefined && toolRegistry[tool] !== undefined;
  useEffect(() => {
    const promise = tool ? loadTool(tool) : undefined;
    if (!promise) return undefined;
    let live = true;
    promise.then(
      (module) => live && setState({ key, load: { status: 'ready', module } }),
      (error: unknown) => live && setState({ key, load: { status: 'failed', error } }),
    );
    return () => {
      live = false;
    };
  }, [key, tool]);
  if (!present) return { status: 'unavailable' };
  return state.key === key ? state.load : { status: 'loading' };
}
