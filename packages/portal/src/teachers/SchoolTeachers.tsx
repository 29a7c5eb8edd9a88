import { Empty, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { useT } from '../i18n/useT';
import { LoadFailed } from '../lessons/LoadFailed';
import { useAsync } from '../lessons/useAsync';
import { TeacherSummary } from './TeacherCard';
import { useTeachersApi } from './useTeachersApi';
import './teachers.css';

const PAGE = 24;

/**
 * 名师风采 of the famous-school zone: the schools that have teacher introductions (public orgList)
 * and the teachers of the one picked, each leading to their page.
 */
export function SchoolTeachers() {
  const t = useT();
  const api = useTeachersApi();
  const [picked, setPicked] = useState<string | null>(null);
  const schools = useAsync(() => api.publicSchools(), [api]);
  const schoolId = picked ?? schools.data?.[0]?.schoolId ?? null;
  const teachers = useAsync(async () => (schoolId ? (await api.publicPage({ schoolId, pageSize: PAGE })).rows : []), [api, schoolId]);

  if (schools.status === 'failed') return <LoadFailed message={schools.message} onRetry={schools.reload} />;
  if (!schools.data) return <Spin />;
  if (schools.data.length === 0) return null;
  return (
    <section className="ds-section" aria-labelledby="famous-teachers">
      <div className="ds-section-head">
        <h2 id="famous-teachers">{t('tea.famous.heading')}</h2>
      </div>
      <Segmented
        className="ds-famous-schools"
        aria-label={t('tea.famous.schools')}
        value={schoolId ?? undefined}
        onChange={(value) => setPicked(String(value))}
        options={schools.data.map((s) => ({ value: s.schoolId, label: `${s.schoolName}（${s.teacherCount}）` }))}
      />
      {teachers.status === 'failed' ? <LoadFailed message={teachers.message} onRetry={teachers.reload} /> : null}
      {teachers.data?.length ? (
        <ul className="ds-school-teachers ds-section" aria-label={t('tea.famous.heading')} aria-busy={teachers.status === 'loading'}>
          {teachers.data.map((teacher) => (
            <li key={teacher.teacherInfoId}>
              <TeacherSummary teacher={teacher} />
            </li>
          ))}
        </ul>
      ) : teachers.status === 'ready' ? (
        <Empty description={t('tea.famous.empty')} />
      ) : null}
    </section>
  );
}
