/**
 * The notice editor's value as the form holds it: the editor's HTML, '' for an empty editor (not
 * `<p></p>`), counted the way the server counts it (the cleaned HTML's length, tags included — the
 * editor's HTML is already what the server stores).
 */
import type { Editor } from '@tiptap/core';
import { DESCRIPTION_MAX } from '@dscloud/sdk/activities';

/** What the form stores for the editor's current content. */
export function valueOf(editor: Editor): string {
  // Not `editor.isEmpty`: that is also true for a table whose cells are still empty.
  return (
    editor
      .getHTML()
      // Written as the server's sanitiser writes them, so a saved notice comes back byte for byte.
      .replace(/&nbsp;/g, '\u00a0')
      .replace(/<br>/g, '<br />')
      // Empty paragraphs at the end are not content: the one the editor keeps after a final table or
      // list for the caret, and the lone one of an empty editor (whose value is '').
      .replace(/(<p><\/p>)+$/, '')
  );
}

/**
 * Puts a value the form was given (a loaded draft, a reset) into the editor. The editor's own
 * changes come back as the same value and are left alone, so typing never moves the caret.
 * Returns whether the content was replaced.
 */
export function syncValue(editor: Editor, value: string | undefined): boolean {
  const next = value ?? '';
  if (next === valueOf(editor)) return false;
  editor.commands.setContent(next, { emitUpdate: false });
  return true;
}

export interface NoticeLength {
  used: number;
  max: number;
  over: boolean;
}

export function noticeLength(value: string | undefined, max: number = DESCRIPTION_MAX): NoticeLength {
  const used = value?.length ?? 0;
  return { used, max, over: used > max };
}
