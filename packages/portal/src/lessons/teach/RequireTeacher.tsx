import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { useCurrentUser, useViewer } from '../../platform/hooks';
import { Placeholder } from '../../screens/Placeholder';
import { RequireLogin } from '../RequireLogin';

function TeacherOnly({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const viewer = useViewer();
  const user = useCurrentUser();
  if (!user) return <Spin className="ds-teach-pending" aria-label={t('loading')} />;
  // The server refuses a student's save and delete anyway (403); this says why before they try.
  if (viewer.kind !== 'teacher') return <Placeholder status="403" title={title} subTitle={t('teach.onlyTeachers')} />;
  return <>{children}</>;
}

/** The teacher's lesson screens: visitors log in first, students and parents are told these are for teachers. */
export function RequireTeacher({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RequireLogin>
      <TeacherOnly title={title}>{children}</TeacherOnly>
    </RequireLogin>
  );
}
