import { Subjects } from '@dscloud/sdk/codes';
import { Empty, Input, List, Pagination } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import { clock, dateTime } from '../format';
import { RequireLogin } from '../RequireLogin';
import { SubjectTag } from '../SubjectTag';
import { useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';
import '../lessons.css';
import './mine.css';
import { LoadFailed } from '../LoadFailed';

const PAGE_SIZE = 20;

function NotesList() {
  const t = useT();
  const api = useLessonsApi();
  const [pageNum, setPageNum] = useState(1);
  const [keyword, setKeyword] = useState('');
  const page = useAsync(() => api.notesPage({ pageNum, pageSize: PAGE_SIZE, keyword: keyword || undefined }), [api, pageNum, keyword]);
  const rows = page.data?.rows ?? [];
  return (
    <>
      <div className="ds-toolbar">
        <Input.Search
          className="ds-learn-search"
          aria-label={t('learn.search')}
          allowClear
          maxLength={50}
          enterButton={t('learn.search')}
          onSearch={(value) => {
            setPageNum(1);
            setKeyword(value.trim());
          }}
        />
      </div>
      {page.status === 'failed' ? (
        <LoadFailed message={page.message} onRetry={page.reload} />
      ) : null}
      {page.status === 'ready' && rows.length === 0 ? <Empty description={<span className="ds-empty-text">{t('notes.empty')}</span>} /> : null}
      {rows.length ? (
        <List
          className="ds-panel ds-note-list"
          loading={page.status === 'loading'}
          dataSource={rows}
          rowKey="lessonNoteId"
          renderItem={(note) => {
            const time = clock(note.videoTime);
            return (
              <List.Item className="ds-note">
                <div className="ds-note-head">
                  {/* The moment is the link: it opens the lesson there, which is what a note is for. */}
                  <Link
                    className="ds-note-time"
                    to={`/course-detail/${encodeURIComponent(note.lessonId)}?t=${Math.floor(note.videoTime)}`}
                    aria-label={t('notes.open', { title: note.lessonTitle, time })}
                  >
                    {time}
                  </Link>
                  <span className="ds-note-lesson">{note.lessonTitle}</span>
                  {Subjects.find(note.subjectCode) ? <SubjectTag code={note.subjectCode} name={Subjects.find(note.subjectCode)!.label} /> : null}
                  <span className="ds-note-date">{dateTime(note.createTime)}</span>
                </div>
                <p className="ds-note-content">{note.content}</p>
              </List.Item>
            );
          }}
        />
      ) : null}
      {(page.data?.total ?? 0) > PAGE_SIZE ? (
        <nav className="ds-pager" aria-label={t('learn.pagination')}>
          <Pagination current={pageNum} pageSize={PAGE_SIZE} total={page.data?.total ?? 0} showSizeChanger={false} onChange={setPageNum} />
        </nav>
      ) : null}
    </>
  );
}

/** The viewer's own notes, newest first; each opens its lesson at the noted moment. */
export default function MyNotesScreen() {
  const t = useT();
  return (
    <div className="ds-notes">
      <h1 className="ds-screen-title">{t('screen.notes')}</h1>
      <RequireLogin>
        <NotesList />
      </RequireLogin>
    </div>
  );
}
