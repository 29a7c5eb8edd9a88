import { useT } from '../../i18n/useT';
import { dateTime } from '../format';
import { useLessonsApi } from '../useLessonsApi';
import { PagedLessonScreen } from './PagedLessonScreen';

/** Lessons the viewer collected, newest first. */
export default function MyCollectionScreen() {
  const t = useT();
  const api = useLessonsApi();
  return (
    <PagedLessonScreen
      title={t('user.collection')}
      load={api.collectionPage}
      empty={t('collection.empty')}
      extra={(row) => <p className="ds-lesson-card-meta">{dateTime(row.collectTime)}</p>}
    />
  );
}
