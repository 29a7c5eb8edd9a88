/**
 * The activity notice editor (a Form.Item control: `value` / `onChange` of HTML): a keyboard toolbar
 * above a Tiptap editor, the length the server will count below it. Loaded lazily (LazyNoticeEditor)
 * so the editor's code is fetched by the create-activity screen only.
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { DESCRIPTION_MAX } from '@dscloud/sdk/activities';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import { LinkDialog } from './LinkDialog';
import { NoticeToolbar, type ToolState } from './NoticeToolbar';
import { noticeExtensions } from './noticeSchema';
import { TOOL_GROUPS } from './noticeToolbar';
import { noticeLength, syncValue, valueOf } from './noticeValue';
import './richText.css';

export interface NoticeEditorProps {
  /** The field's accessible name (the form label's words). */
  label: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  max?: number;
}

const ITEMS = TOOL_GROUPS.flat();

export default function NoticeEditor({ label, value, onChange, disabled = false, max = DESCRIPTION_MAX }: NoticeEditorProps) {
  const t = useT();
  const helpId = useId();
  const countId = useId();
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const extensions = useMemo(() => noticeExtensions(), []);
  const length = noticeLength(value, max);

  const editor = useEditor({
    extensions,
    content: value ?? '',
    editable: !disabled,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-multiline': 'true',
        'aria-label': label,
        'aria-describedby': `${helpId} ${countId}`,
        'aria-invalid': String(length.over),
        class: 'ds-rt-content',
      },
      handleKeyDown: (_view, event) => {
        if (event.altKey && event.key === 'F10') {
          toolbarRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
          return true;
        }
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: changed }) => onChange?.(valueOf(changed)),
  });

  // A value from outside (a draft loaded, the latest version taken over) replaces the content.
  useEffect(() => {
    syncValue(editor, value);
  }, [editor, value]);
  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  const states = useEditorState({
    editor,
    selector: ({ editor: e }): ToolState[] => ITEMS.map((item) => ({ active: item.isActive?.(e) ?? false, enabled: e.isEditable && item.can(e) })),
  });

  return (
    <div className={disabled ? 'ds-rt ds-rt-disabled' : 'ds-rt'}>
      {disabled ? null : (
        <NoticeToolbar
          ref={toolbarRef}
          label={t('rt.toolbar', { label })}
          states={states}
          onRun={(item) => (item.key === 'link' ? setLinkOpen(true) : item.run?.(editor))}
          onLeave={() => editor.commands.focus()}
        />
      )}
      <EditorContent editor={editor} />
      <div className="ds-rt-foot">
        <span id={helpId} className="ds-rt-help">
          {disabled ? '' : t('rt.keys')}
        </span>
        <span id={countId} className={length.over ? 'ds-rt-count ds-rt-over' : 'ds-rt-count'}>
          {t('rt.count', { used: length.used, max: length.max })}
        </span>
      </div>
      <LinkDialog editor={editor} open={linkOpen} onClose={() => setLinkOpen(false)} />
    </div>
  );
}
