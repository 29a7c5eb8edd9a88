/**
 * The notice editor's toolbar as data: each button's words, shortcut, whether it is pressed and
 * what it does, in groups. The React toolbar only renders this; the unit test applies every item to
 * a real editor and checks the HTML against the server's samples.
 */
import type { Editor } from '@tiptap/core';
import type { TKey } from '../../i18n/useT';
import { HEADING_LEVELS, type HeadingLevel } from './noticeSchema';

export type ToolKey =
  | `heading${HeadingLevel}`
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strike'
  | 'bulletList'
  | 'orderedList'
  | 'blockquote'
  | 'link'
  | 'table'
  | 'addRowAfter'
  | 'addColumnAfter'
  | 'deleteRow'
  | 'deleteColumn'
  | 'deleteTable'
  | 'undo'
  | 'redo';

export interface ToolItem {
  key: ToolKey;
  label: TKey;
  params?: Record<string, string | number>;
  /** In `aria-keyshortcuts` form (Control = ⌘ on a Mac). */
  shortcut?: string;
  /** A format that is on or off at the caret (`aria-pressed`); commands leave it out. */
  isActive?: (editor: Editor) => boolean;
  can: (editor: Editor) => boolean;
  /** The link button opens the link dialog instead (the component knows the dialog). */
  run?: (editor: Editor) => boolean;
}

const heading = (level: HeadingLevel): ToolItem => ({
  key: `heading${level}`,
  label: 'rt.heading',
  params: { level },
  shortcut: `Control+Alt+${level}`,
  isActive: (e) => e.isActive('heading', { level }),
  can: (e) => e.can().toggleHeading({ level }),
  run: (e) => e.chain().focus().toggleHeading({ level }).run(),
});

const mark = (key: 'bold' | 'italic' | 'underline' | 'strike', label: TKey, shortcut: string): ToolItem => {
  const toggle = { bold: 'toggleBold', italic: 'toggleItalic', underline: 'toggleUnderline', strike: 'toggleStrike' } as const;
  return {
    key,
    label,
    shortcut,
    isActive: (e) => e.isActive(key),
    can: (e) => e.can()[toggle[key]](),
    run: (e) => e.chain().focus()[toggle[key]]().run(),
  };
};

const table = (key: 'addRowAfter' | 'addColumnAfter' | 'deleteRow' | 'deleteColumn' | 'deleteTable', label: TKey): ToolItem => ({
  key,
  label,
  can: (e) => e.can()[key](),
  run: (e) => e.chain().focus()[key]().run(),
});

export const TOOL_GROUPS: readonly (readonly ToolItem[])[] = [
  HEADING_LEVELS.map(heading),
  [
    mark('bold', 'rt.bold', 'Control+B'),
    mark('italic', 'rt.italic', 'Control+I'),
    mark('underline', 'rt.underline', 'Control+U'),
    mark('strike', 'rt.strike', 'Control+Shift+S'),
  ],
  [
    {
      key: 'bulletList',
      label: 'rt.bulletList',
      shortcut: 'Control+Shift+8',
      isActive: (e) => e.isActive('bulletList'),
      can: (e) => e.can().toggleBulletList(),
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: 'rt.orderedList',
      shortcut: 'Control+Shift+7',
      isActive: (e) => e.isActive('orderedList'),
      can: (e) => e.can().toggleOrderedList(),
      run: (e) => e.chain().focus().toggleOrderedList().run(),
    },
    {
      key: 'blockquote',
      label: 'rt.blockquote',
      shortcut: 'Control+Shift+B',
      isActive: (e) => e.isActive('blockquote'),
      can: (e) => e.can().toggleBlockquote(),
      run: (e) => e.chain().focus().toggleBlockquote().run(),
    },
    { key: 'link', label: 'rt.link', shortcut: 'Control+K', isActive: (e) => e.isActive('link'), can: (e) => e.isEditable },
  ],
  [
    {
      key: 'table',
      label: 'rt.table',
      can: (e) => e.can().insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
      run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    table('addRowAfter', 'rt.addRow'),
    table('addColumnAfter', 'rt.addColumn'),
    table('deleteRow', 'rt.deleteRow'),
    table('deleteColumn', 'rt.deleteColumn'),
    table('deleteTable', 'rt.deleteTable'),
  ],
  [
    { key: 'undo', label: 'rt.undo', shortcut: 'Control+Z', can: (e) => e.can().undo(), run: (e) => e.chain().focus().undo().run() },
    { key: 'redo', label: 'rt.redo', shortcut: 'Control+Shift+Z', can: (e) => e.can().redo(), run: (e) => e.chain().focus().redo().run() },
  ],
];

/**
 * Sets, changes or removes the link at the selection. An empty address removes it; a caret with no
 * text selected inserts the address as the link's text. Returns false for an address the server
 * would not keep (the dialog says why).
 */
export function applyLink(editor: Editor, href: string, isAllowed: (href: string) => boolean): boolean {
  const url = href.trim();
  const chain = editor.chain().focus().extendMarkRange('link');
  if (!url) return chain.unsetLink().run();
  if (!isAllowed(url)) return false;
  if (editor.state.selection.empty && !editor.isActive('link')) {
    return chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
  }
  return chain.setLink({ href: url }).run();
}
