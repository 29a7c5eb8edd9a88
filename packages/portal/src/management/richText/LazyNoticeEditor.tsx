/**
 * The notice editor, fetched when the form first shows it: its code (Tiptap and ProseMirror, about
 * 146 KB gz) stays out of the portal's first load and out of every other screen. While it loads, or
 * if it failed (offline), the field says so and keeps its value; 重试 asks again.
 */
import { Alert, Button } from 'antd';
import { useEffect, useState, type ComponentType } from 'react';
import { useT } from '../../i18n/useT';
import type { NoticeEditorProps } from './NoticeEditor';
import './richText.css';

type Part = { status: 'loading' } | { status: 'ready'; Editor: ComponentType<NoticeEditorProps> } | { status: 'failed' };

// Loaded once per page: a second form shows the editor at once.
let loaded: ComponentType<NoticeEditorProps> | undefined;

export function LazyNoticeEditor(props: NoticeEditorProps) {
  const t = useT();
  const [part, setPart] = useState<Part>(() => (loaded ? { status: 'ready', Editor: loaded } : { status: 'loading' }));

  useEffect(() => {
    if (part.status !== 'loading') return;
    let live = true;
    import('./NoticeEditor').then(
      (mod) => {
        loaded = mod.default;
        if (live) setPart({ status: 'ready', Editor: mod.default });
      },
      () => live && setPart({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [part.status]);

  if (part.status === 'ready') return <part.Editor {...props} />;
  if (part.status === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        title={t('rt.loadFailed')}
        action={
          <Button size="small" onClick={() => setPart({ status: 'loading' })}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="ds-rt ds-rt-loading" role="status" aria-busy="true">
      {t('rt.loading')}
    </div>
  );
}
