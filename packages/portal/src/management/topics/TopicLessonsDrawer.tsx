import { Button, Drawer, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { LessonSummary, Topic } from '../../api/lessons';
import { useT } from '../../i18n/useT';
import { useAsync } from '../../lessons/useAsync';
import { BatchBar, useActions } from '../kit';
import { useTopicsAdminApi } from './useTopicsAdminApi';

const PAGE_SIZE = 10;

/**
 * The lessons of one topic (getSpecialSubjectLessonManagerViewPage): add published lessons found by
 * title, take selected ones out of the topic (the lessons stay).
 */
export function TopicLessonsDrawer({ topic, canWrite, onClose }: { topic: Topic | null; canWrite: boolean; onClose: (changed: boolean) => void }) {
  const t = useT();
  const api = useTopicsAdminApi();
  const { run, holder } = useActions();
  const [pageNum, setPageNum] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [changed, setChanged] = useState(false);
  const id = topic?.specialSubjectId;
  const page = useAsync(async () => (id ? api.topicLessons({ specialSubjectId: id, pageNum, pageSize: PAGE_SIZE }) : null), [api, id, pageNum]);
  const found = useAsync(async () => (search.trim() ? (await api.findLessons(search.trim())).rows : []), [api, search]);
  const done = () => {
    setSelected([]);
    setPicked([]);
    setChanged(true);
    page.reload();
  };

  const columns: TableColumnsType<LessonSummary> = [
    { key: 'title', title: t('special.lessonTitle'), dataIndex: 'title' },
    { key: 'subject', title: t('special.subject'), dataIndex: 'subjectName', width: 100 },
    { key: 'teacher', title: t('special.teacher'), dataIndex: 'teacherName', width: 120 },
  ];

  return (
    <Drawer
      open={topic !== null}
      title={topic ? t('special.lessonsTitle', { name: topic.name }) : ''}
      size="large"
      onClose={() => {
        onClose(changed);
        setChanged(false);
        setPageNum(1);
      }}
      destroyOnHidden
    >
      {holder}
      {canWrite && id ? (
        <Space.Compact className="ds-topic-add" style={{ width: '100%', marginBottom: 12 }}>
          <Select
            mode="multiple"
            aria-label={t('special.findLesson')}
            placeholder={t('special.findLesson')}
            style={{ flex: 1 }}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            value={picked}
            onChange={setPicked}
            loading={found.status === 'loading'}
            options={(found.data ?? []).map((lesson) => ({ value: lesson.lessonId, label: `${lesson.title}（${lesson.teacherName}）` }))}
          />
          <Button type="primary" disabled={picked.length === 0} onClick={() => void run({ action: () => api.addLessons(id, picked), done })}>
            {t('special.addLessons')}
          </Button>
        </Space.Compact>
      ) : null}
      {canWrite && id ? (
        <BatchBar selected={selected.length}>
          <Button danger disabled={selected.length === 0} onClick={() => void run({ action: () => api.removeLessons(id, selected), confirm: { content: t('special.removeLessons') + '？', danger: true }, done })}>
            {t('special.removeLessons')}
          </Button>
        </BatchBar>
      ) : null}
      <Table<LessonSummary>
        aria-label={t('special.lessonsTable')}
        rowKey="lessonId"
        columns={columns}
        dataSource={page.data?.rows ?? []}
        loading={page.status === 'loading'}
        rowSelection={canWrite ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page.data?.total ?? 0, onChange: setPageNum, showTotal: (total) => t('kit.total', { total }) }}
      />
    </Drawer>
  );
}
