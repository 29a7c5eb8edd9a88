import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useReducer, useState } from 'react';
import { useT } from '../../i18n/useT';
import { useMgmtRights } from '../kit';
import { LessonEditDrawer, type EditTarget } from './LessonEditDrawer';
import { LiveCountsBadge } from './LiveCountsBadge';
import { ManagedLessonsTable } from './ManagedLessonsTable';
import '../management.css';

/**
 * 直播课管理 (`/management/type=live`): the live lessons of the caller's organisation with filters in
 * the URL, new and edit through the teacher's lesson form with the live time, publish / cancel publish
 * (also in batch), the excellent flag, delete, and the count of lessons about to start.
 */
export default function LiveLessonsScreen() {
  const t = useT();
  const canWrite = useMgmtRights().has('write');
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [version, changed] = useReducer((n: number) => n + 1, 0);

  return (
    <div className="ds-mgmt-screen">
      <div className="ds-mgmt-head">
        <h1 className="ds-screen-title">{t('mgmt.live')}</h1>
        <LiveCountsBadge />
      </div>
      <ManagedLessonsTable
        kind="live"
        version={version}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'new' })}>
            {t('mgl.new')}
          </Button>
        }
        rowExtras={(row) =>
          canWrite ? (
            <Button type="link" onClick={() => setEditing({ kind: 'edit', lessonId: row.lessonId, title: row.title })}>
              {t('mgl.edit')}
            </Button>
          ) : null
        }
      />
      <LessonEditDrawer target={editing} live onClose={() => setEditing(null)} onSaved={changed} />
    </div>
  );
}
