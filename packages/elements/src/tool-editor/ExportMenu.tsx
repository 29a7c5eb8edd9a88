import { useState, type RefObject } from 'react';
import type { ToolEditorMessages } from './messages.js';
import type { ExportFormat, ToolDocument, ToolHandle } from './toolModule.js';

export type { ExportFormat };
/** A tool's handle lists the formats its `exportAs` makes (`formats`); JSON (the document) is always offered. */
export type ExportHandle = ToolHandle;

const MIME: Record<ExportFormat, string> = { png: 'image/png', svg: 'image/svg+xml', json: 'application/json', md: 'text/markdown' };

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 导出: a select of the formats; choosing one downloads the file. */
export function ExportMenu(props: { formats: readonly ExportFormat[]; messages: ToolEditorMessages; doc: ToolDocument | undefined; title: string; handle: RefObject<ExportHandle | null>; disabled: boolean; onError(message: string): void }) {
  const { messages: m } = props;
  const [value, setValue] = useState('');
  const formats: ExportFormat[] = ['json', ...props.formats.filter((f) => f !== 'json')];
  async function run(format: ExportFormat) {
    const doc = props.doc;
    if (!doc) return;
    try {
      const blob =
        format === 'json' && !props.handle.current?.formats?.includes('json')
          ? new Blob([JSON.stringify(doc)], { type: MIME.json })
          : await props.handle.current!.exportAs!(format);
      download(blob, `${props.title || 'document'}.${format}`);
    } catch (error) {
      props.onError((error as Error).message || String(error));
    }
  }
  return (
    <select
      aria-label={m.export}
      part="export"
      disabled={props.disabled}
      value={value}
      onChange={(event) => {
        const format = event.target.value as ExportFormat;
        setValue('');
        if (format) void run(format);
      }}
      onFocus={() => setValue('')}
    >
      <option value="">{m.export}</option>
      {formats.map((f) => (
        <option key={f} value={f}>
          {m.exportAs(f)}
        </option>
      ))}
    </select>
  );
}
