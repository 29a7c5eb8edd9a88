import { Pagination, Radio } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { LessonGrid } from '../LessonGrid';
import { mapAsync, useAsync } from '../useAsync';
import { useLessonsApi } from '../useLessonsApi';
import '../lessons.css';
import './browse.css';

const PAGE_SIZE = 12;

/**
 * Special topics: the topic types (`?type=` in the URL) and the topic list as choices, the chosen
 * topic's lessons below (the first topic of the list by default), in the back-office's order.
 */
export default function SpecialTopicScreen() {
  const t = useT();
  const api = useLessonsApi();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const typeId = params.get('type') ?? '';
  const types = useAsync(() => api.topicTypes(), [api]);
  const topics = useAsync(() => api.topics(typeId ? { typeId } : {}), [api, typeId]);
  const current = topics.data?.find((topic) => topic.specialSubjectId === id) ?? topics.data?.[0];
  const [pageNum, setPageNum] = useState(1);
  const topicId = current?.specialSubjectId;
  const page = useAsync(
    async () => (topicId ? api.specialPage({ specialSubjectId: topicId, pageNum, pageSize: PAGE_SIZE }) : { rows: [], total: 0, pageNum: 1, pageSize: PAGE_SIZE }),
    [api, topicId, pageNum],
  );
  const total = page.data?.total ?? 0;
  return (
    <div>
      <h1 className="ds-screen-title">{t('screen.specialTopic')}</h1>
      {types.data?.length ? (
        <Radio.Group
          className="ds-topic-types"
          aria-label={t('special.type')}
          optionType="button"
          value={typeId}
          onChange={(e) => {
            setPageNum(1);
            const value = e.target.value as string;
            void navigate({ pathname: '/special-topic', search: value ? `?type=${encodeURIComponent(value)}` : '' }, { preventScrollReset: true });
          }}
          options={[{ value: '', label: t('special.typeAll') }, ...types.data.map((type) => ({ value: type.typeId, label: type.name }))]}
        />
      ) : null}
      {topics.data?.length ? (
        <Radio.Group
          className="ds-topics"
          aria-label={t('topic.list')}
          optionType="button"
          value={topicId}
          onChange={(e) => {
            setPageNum(1);
            void navigate({ pathname: `/special-topic/${encodeURIComponent(e.target.value as string)}`, search: params.toString() ? `?${params.toString()}` : '' }, { preventScrollReset: true });
          }}
          options={topics.data.map((topic) => ({ value: topic.specialSubjectId, label: `${topic.name}（${t('topic.lessons', { count: topic.lessonCount })}）` }))}
        />
      ) : null}
      {current ? (
        <>
          <h2 className="ds-section-title">{current.name}</h2>
          {current.description ? <p className="ds-topic-intro">{current.description}</p> : null}
        </>
      ) : null}
      <LessonGrid state={mapAsync(page, (p) => p.rows)} label={current?.name ?? t('screen.specialTopic')} />
      {total > PAGE_SIZE ? (
        <nav className="ds-pager" aria-label={t('learn.pagination')}>
          <Pagination current={pageNum} pageSize={PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPageNum} />
        </nav>
      ) : null}
    </div>
  );
}
