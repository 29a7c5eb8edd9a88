import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../i18n/useT';
import { RequireLogin } from '../lessons/RequireLogin';
import { useCurrentUser, useViewer } from '../platform/hooks';
import { Placeholder } from '../screens/Placeholder';

function TeacherOnly({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const viewer = useViewer();
  const user = useCurrentUser();
  if (!user) return <Spin className="ds-act-pending" aria-label={t('loading')} />;
  // The server refuses students and parents anyway (4030001); this says why before they try.
  if (viewer.kind !== 'teacher') return <Placeholder status="403" title={title} subTitle={t('act.onlyTeachers')} />;
  return <>{children}</>;
}

/** Sign-up and works pages: visitors log in first (and come back), students and parents are told why not. */
export function TeacherGate({ title, children }: { title: string; children: ReactNode }) {
  return (
    <RequireLogin>
      <TeacherOnly title={title}>{children}</TeacherOnly>
    </RequireLogin>
  );
}
