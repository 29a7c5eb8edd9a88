import { subjectColor } from '@dscloud/sdk/codes';
import type { CSSProperties } from 'react';

/**
 * The subject's name marked with the SDK's subject colour. The colour frames the tag and tints it, while
 * the text stays dark: several subject colours (yellow, light blue) fail contrast under white text.
 */
export function SubjectTag({ code, name }: { code: number; name: string }) {
  return (
    <span className="ds-subject-tag" style={{ '--ds-subject': subjectColor(code) } as CSSProperties}>
      {name}
    </span>
  );
}
