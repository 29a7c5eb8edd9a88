// Storybook host for one tool: keeps the document the tool reports (as <ds-tool-editor> does) and
// shows the last error. Stories only.
import { useState } from 'react';
import type { ToolDocument, ToolModule, ToolProps } from '../../toolModule.js';

// The tools' static files in Storybook (.storybook/main.ts serves them at /tool-assets/).
(globalThis as { __DS_TOOL_ASSETS__?: string }).__DS_TOOL_ASSETS__ = '/tool-assets/';

export interface ToolStoryProps {
  tool: ToolModule;
  doc?: ToolDocument;
  mode?: ToolProps['mode'];
  locale?: ToolProps['locale'];
}

export function ToolStory({ tool, doc: initial, mode = 'edit', locale = 'zh-CN' }: ToolStoryProps) {
  const [doc, setDoc] = useState(initial);
  const [error, setError] = useState<string>();
  const { Component } = tool;
  return (
    <div style={{ width: '100%', height: 700 }}>
      <h1 style={{ font: '600 16px system-ui', margin: '0 0 8px' }}>{tool.title[locale]}</h1>
      <Component doc={doc} mode={mode} locale={locale} onChange={setDoc} onError={setError} />
      {error && <p data-story-error>{error}</p>}
    </div>
  );
}

/** The controls every tool's stories share: the tool is fixed, mode and language switch. */
export const toolStoryArgTypes = {
  tool: { control: false },
  mode: { control: 'inline-radio', options: ['edit', 'view'] },
  locale: { control: 'inline-radio', options: ['zh-CN', 'en'] },
} as const;
