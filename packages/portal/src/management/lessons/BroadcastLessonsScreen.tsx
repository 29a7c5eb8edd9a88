import { Button } from 'antd';
import { useReducer, useState } from 'react';
import type { LessonSummary } from '../../api/lessons';
import { useT } from '../../i18n/useT';
import { useMgmtRights } from '../kit';
import { LessonEditDrawer, type EditTarget } from './LessonEditDrawer';
import { ManagedLessonsTable } from './ManagedLessonsTable';
import { PreviewDrawer } from './PreviewDrawer';
import { ToLiveModal } from './ToLiveModal';
import '../management.css';

/**
 * 点播课管理 (`/management/type=broadcast`): the on-demand lessons teachers uploaded, with download
 * counts, a preview that plays the videos, publish / cancel publish (also in batch), the excellent
 * flag, edit, delete and 转为直播课.
 */
export default function BroadcastLessonsScreen() {
  const t = useT();
  const canWrite = useMgmtRights().has('write');
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [previewing, setPreviewing] = useState<LessonSummary | null>(null);
  const [toLive, setToLive] = useState<LessonSummary | null>(null);
  const [version, changed] = useReducer((n: number) => n + 1, 0);

  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.broadcast')}</h1>
      </div>
      <ManagedLessonsTable
        kind="broadcast"
        version={version}
        rowExtras={(row) => (
          <>
            <Button type="link" onClick={() => setPreviewing(row)}>
              {t('mgl.preview')}
            </Button>
            {canWrite ? (
              <>
                <Button type="link" onClick={() => setEditing({ kind: 'edit', lessonId: row.lessonId, title: row.title })}>
                  {t('mgl.edit')}
                </Button>
                <Button type="link" onClick={() => setToLive(row)}>
                  {t('mgl.toLive')}
                </Button>
              </>
            ) : null}
          </>
        )}
      />
      <LessonEditDrawer target={editing} live={false} onClose={() => setEditing(null)} onSaved={changed} />
      <PreviewDrawer lesson={previewing} onClose={() => setPreviewing(null)} />
      <ToLiveModal lesson={toLive} onClose={() => setToLive(null)} onDone={changed} />
    </div>
  );
}
