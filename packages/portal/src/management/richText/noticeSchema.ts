/**
 * What the notice editor can hold: exactly the formats its toolbar offers (headings 2–4, paragraphs,
 * bold, italic, underline, strike, lists, quotes, links, tables, line breaks), so whatever is typed
 * or pasted becomes HTML the server's sanitiser keeps unchanged (`NOTICE_FORMAT_SAMPLES` in the SDK).
 * Anything else pasted in (code, rules, styles, alignment, images) is dropped by the schema.
 */
import type { Extensions } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';

export const HEADING_LEVELS = [2, 3, 4] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

/** The link targets the server keeps: http(s) and mailto, nothing relative, nothing scripted. */
export function isAllowedHref(href: string): boolean {
  return /^(https?:\/\/[^/?#@]+([/?#].*)?|mailto:[^@]+@[^@]+)$/i.test(href) && !/[\s<>"'`]/.test(href);
}

// A table is only rows and cells: no colgroup, no width style (the sanitiser would drop the style).
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', HTMLAttributes, ['tbody', 0]];
  },
});

// Cells keep their spans; column widths and alignment are not offered, so they are not kept.
function withoutLayout<T extends typeof TableCell | typeof TableHeader>(cell: T): T {
  return cell.extend({
    addAttributes() {
      const { colwidth: _width, align: _align, ...rest } = (this.parent?.() ?? {}) as Record<string, unknown>;
      return rest;
    },
  }) as T;
}

export function noticeExtensions(): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      code: false,
      codeBlock: false,
      horizontalRule: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
        isAllowedUri: (url) => isAllowedHref(url),
      },
    }),
    PlainTable.configure({ resizable: false }),
    TableRow,
    withoutLayout(TableHeader),
    withoutLayout(TableCell),
  ];
}
