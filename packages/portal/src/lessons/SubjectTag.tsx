import { Subjects, subjectColor } from '@dscloud/sdk/codes';
import type { CSSProperties } from 'react';
import { useLocale } from '../i18n/useT';

/**
 * The subject's name marked with the SDK's subject colour. The colour frames the tag and tints it, while
 * the text stays dark: several subject colours (yellow, light blue) fail contrast under white text.
 * In English the SDK's English name of a known subject replaces the name the server sent (in Chinese).
 */
export function SubjectTag({ code, name }: { code: number; name: string }) {
  const en = useLocale() === 'en';
  const known = Subjects.find(code);
  return (
    <span className="ds-subject-tag" style={{ '--ds-subject': subjectColor(code) } as CSSProperties}>
      {en && known ? known.labelEn : name}
    </span>
  );
}
