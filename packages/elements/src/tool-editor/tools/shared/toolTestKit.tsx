// Mounts one tool's Component the way <ds-tool-editor> does, and records what it reports (tests only).
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { ToolDocument, ToolHandle, ToolModule, ToolProps } from '../../toolModule.js';
import { waitFor } from '../../../test/waitFor.js';

export interface MountedTool {
  host: HTMLElement;
  docs: ToolDocument[];
  errors: string[];
  handle(): ToolHandle;
  /** The last document reported through onChange (waits for one). */
  lastDoc(): Promise<ToolDocument>;
  unmount(): void;
}

export function mountTool(tool: ToolModule, props: Partial<ToolProps> = {}): MountedTool {
  const host = document.createElement('div');
  host.style.cssText = 'width: 960px; height: 700px;';
  document.body.append(host);
  const root: Root = createRoot(host);
  const docs: ToolDocument[] = [];
  const errors: string[] = [];
  let handle: ToolHandle | undefined;
  const { Component } = tool;
  flushSync(() =>
    root.render(
      <Component
        doc={props.doc}
        mode={props.mode ?? 'edit'}
        locale={props.locale ?? 'zh-CN'}
        node={props.node}
        onChange={(d) => docs.push(d)}
        onError={(m) => errors.push(m)}
        handle={(h) => (handle = h)}
      />,
    ),
  );
  return {
    host,
    docs,
    errors,
    handle: () => {
      if (!handle) throw new Error('the tool gave no handle');
      return handle;
    },
    lastDoc: () => waitFor(() => docs.at(-1), { message: 'a document from onChange' }),
    unmount() {
      root.unmount();
      host.remove();
    },
  };
}

/** Re-renders a fresh tool from `doc` and answers its JSON export: byte-equal to `doc` when the tool round-trips. */
export async function reopenedJson(tool: ToolModule, doc: ToolDocument, props: Partial<ToolProps> = {}): Promise<string> {
  const again = mountTool(tool, { ...props, doc });
  try {
    const blob = await waitFor(async () => {
      try {
        return await again.handle().exportAs!('json');
      } catch {
        return undefined;
      }
    });
    return await blob.text();
  } finally {
    again.unmount();
  }
}
