// @vitest-environment happy-dom
/**
 * The notice editor's logic on a real Tiptap editor: what the form gets out (the server's samples
 * byte for byte, '' when empty), what it puts in (a loaded value replaces the content, the editor's
 * own value is left alone), what each toolbar button writes, and the length the server will count.
 */
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESCRIPTION_MAX, NOTICE_FORMAT_SAMPLES, descriptionTooLong } from '@dscloud/sdk/activities';
import { addWords } from '../../i18n/catalogue';
import * as screenWords from '../../i18n/screenWords';
import { translateIn } from '../../i18n/useT';
import { isAllowedHref, noticeExtensions } from './noticeSchema';
import { TOOL_GROUPS, applyLink, type ToolKey } from './noticeToolbar';
import { noticeLength, syncValue, valueOf } from './noticeValue';

// The editor's words come with its screen in the portal; here they are added as the route would.
addWords(screenWords);

const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

function editorWith(content: string, onUpdate?: () => void): Editor {
  const editor = new Editor({ extensions: noticeExtensions(), content, ...(onUpdate ? { onUpdate } : {}) });
  editors.push(editor);
  return editor;
}

/** Selects the first occurrence of `text`. */
function select(editor: Editor, text: string): void {
  let from = -1;
  editor.state.doc.descendants((node, pos) => {
    if (from < 0 && node.isText && node.text!.includes(text)) from = pos + node.text!.indexOf(text);
  });
  expect(from, `"${text}" is in the document`).toBeGreaterThanOrEqual(0);
  editor.commands.setTextSelection({ from, to: from + text.length });
}

const sample = (format: string) => NOTICE_FORMAT_SAMPLES.find((s) => s.format === format)!.html;
const tool = (key: ToolKey) => TOOL_GROUPS.flat().find((i) => i.key === key)!;

describe('value out', () => {
  it.each(NOTICE_FORMAT_SAMPLES.map((s) => [s.format, s.html] as const))('%s comes out exactly as the server keeps it', (_format, html) => {
    expect(valueOf(editorWith(html))).toBe(html);
  });

  it('an empty editor is an empty value, not an empty paragraph', () => {
    const editor = editorWith('');
    expect(editor.getHTML()).toBe('<p></p>');
    expect(valueOf(editor)).toBe('');
  });

  it('drops what the toolbar does not offer, so the server has nothing left to strip', () => {
    const pasted =
      '<p style="color:red" onclick="x()">一<img src="https://example.org/a.png"><code>二</code></p><hr><pre>三</pre>' +
      '<table style="width:500px"><colgroup><col width="80"></colgroup><tr><td style="text-align:center" data-colwidth="80">四</td></tr></table>' +
      '<p><a href="javascript:alert(1)">五</a><a href="/relative">六</a></p>';
    expect(valueOf(editorWith(pasted))).toBe('<p>一二</p><p>三</p><table><tbody><tr><td><p>四</p></td></tr></tbody></table><p>五六</p>');
  });
});

describe('value in', () => {
  it('a value from outside replaces the content without reporting a change back', () => {
    const onUpdate = vi.fn();
    const editor = editorWith('<p>旧</p>', onUpdate);
    expect(syncValue(editor, sample('heading2'))).toBe(true);
    expect(valueOf(editor)).toBe(sample('heading2'));
    expect(syncValue(editor, undefined)).toBe(true);
    expect(valueOf(editor)).toBe('');
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('the editor’s own value is left alone, so the caret stays where the organiser types', () => {
    const editor = editorWith('<p>报名须知</p>');
    select(editor, '须知');
    const before = editor.state.selection.toJSON();
    expect(syncValue(editor, valueOf(editor))).toBe(false);
    expect(editor.state.selection.toJSON()).toEqual(before);
  });

  it('typing reports the new value', () => {
    const onUpdate = vi.fn();
    const editor = editorWith('<p>报名</p>', onUpdate);
    editor.commands.setTextSelection(3);
    editor.commands.insertContent('须知');
    expect(onUpdate).toHaveBeenCalled();
    expect(valueOf(editor)).toBe('<p>报名须知</p>');
  });
});

describe('the toolbar writes what the server keeps', () => {
  it.each([
    ['heading2', '<p>一、征集范围</p>', '一、征集范围'],
    ['heading3', '<p>（一）学段</p>', '（一）学段'],
    ['heading4', '<p>1. 小学</p>', '1. 小学'],
    ['bold', '<p>报名后认领课时</p>', '认领课时'],
    ['italic', '<p>以通知为准</p>', '以通知为准'],
    ['underline', '<p>须原创</p>', '须原创'],
    ['strike', '<p>纸质材料</p>', '纸质材料'],
    ['blockquote', '<p>作品一经提交不得更换。</p>', '作品一经提交不得更换。'],
  ] as const)('%s', (key, start, text) => {
    const editor = editorWith(start);
    select(editor, text);
    expect(tool(key).can(editor)).toBe(true);
    expect(tool(key).run!(editor)).toBe(true);
    expect(valueOf(editor)).toBe(sample(key));
    expect(tool(key).isActive!(editor)).toBe(true);
  });

  it.each(['bulletList', 'orderedList'] as const)('%s', (key) => {
    const items = /<li><p>(.*?)<\/p><\/li><li><p>(.*?)<\/p>/.exec(sample(key))!;
    const editor = editorWith(`<p>${items[1]}</p><p>${items[2]}</p>`);
    editor.commands.selectAll();
    expect(tool(key).run!(editor)).toBe(true);
    expect(valueOf(editor)).toBe(sample(key));
  });

  it('link: an http(s) or mailto address, and nothing else', () => {
    const editor = editorWith('<p>详见通知原文</p>');
    select(editor, '通知原文');
    expect(applyLink(editor, 'javascript:alert(1)', isAllowedHref)).toBe(false);
    expect(applyLink(editor, ' https://example.org/notice?a=1&b=2 ', isAllowedHref)).toBe(true);
    expect(valueOf(editor)).toBe(sample('link'));
    select(editor, '通知原文');
    expect(applyLink(editor, '', isAllowedHref)).toBe(true);
    expect(valueOf(editor)).toBe('<p>详见通知原文</p>');
  });

  it('table: inserted with a header row, then grown and shrunk where the caret is', () => {
    const editor = editorWith('');
    expect(tool('deleteRow').can(editor)).toBe(false);
    expect(tool('table').run!(editor)).toBe(true);
    const row = (cell: string, n: number) => `<tr>${`<${cell}><p></p></${cell}>`.repeat(n)}</tr>`;
    expect(valueOf(editor)).toBe(`<table><tbody>${row('th', 3)}${row('td', 3)}${row('td', 3)}</tbody></table>`);
    expect(tool('addColumnAfter').run!(editor)).toBe(true);
    expect(tool('deleteRow').can(editor)).toBe(true);
    expect(valueOf(editor)).toBe(`<table><tbody>${row('th', 4)}${row('td', 4)}${row('td', 4)}</tbody></table>`);
    expect(tool('deleteTable').run!(editor)).toBe(true);
    expect(valueOf(editor)).toBe('');
  });

  it('undo takes the last change back', () => {
    const editor = editorWith('<p>报名后认领课时</p>');
    select(editor, '认领课时');
    tool('bold').run!(editor);
    expect(tool('undo').can(editor)).toBe(true);
    tool('undo').run!(editor);
    expect(valueOf(editor)).toBe('<p>报名后认领课时</p>');
  });
});

describe('link addresses', () => {
  it.each([
    ['https://example.org', true],
    ['http://example.org/a?b=1#c', true],
    ['mailto:jyj@example.org', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,x', false],
    ['/relative', false],
    ['https://', false],
    ['https://example.org/a b', false],
    ['https://example.org/"onmouseover=x', false],
  ])('%s → %s', (href, ok) => {
    expect(isAllowedHref(href)).toBe(ok);
  });
});

describe('length', () => {
  it('counts the HTML the server stores, tags included, against the server’s limit', () => {
    const editor = editorWith(sample('bold'));
    expect(noticeLength(valueOf(editor))).toEqual({ used: sample('bold').length, max: DESCRIPTION_MAX, over: false });
    expect(noticeLength(undefined)).toEqual({ used: 0, max: DESCRIPTION_MAX, over: false });
    expect(noticeLength('x'.repeat(DESCRIPTION_MAX)).over).toBe(false);
    expect(noticeLength('x'.repeat(DESCRIPTION_MAX + 1)).over).toBe(true);
  });

  it('says it is too long in the server’s Chinese words', () => {
    expect(translateIn('zh-CN', 'rt.tooLong', { max: DESCRIPTION_MAX })).toBe(descriptionTooLong());
    expect(translateIn('en', 'rt.tooLong', { max: DESCRIPTION_MAX })).toContain(String(DESCRIPTION_MAX));
  });
});
