import { ToolEditor } from '@dscloud/elements';
import { useParams } from 'react-router';
import { useLocale, useT } from '../i18n/useT';

(globalThis as { __DS_TOOL_ASSETS__?: string }).__DS_TOOL_ASSETS__ ??= '/elements/tool-assets/';

/**
 * `/tool-share/:tool/:token`: a tool document opened through its read-only link, for anyone who has
 * it (no sign-in). The editor is in view mode; the server refuses every write to the document.
 */
export default function ToolShareScreen() {
  const t = useT();
  const lang = useLocale() === 'en' ? 'en' : 'zh-CN';
  const { tool = '', token = '' } = useParams();
  return (
    <div className="ds-screen">
      <h1 className="ds-screen-title">{t('tools.sharedTitle')}</h1>
      <div style={{ height: 700 }}>
        <ToolEditor key={token} tool={tool} lang={lang} shareToken={token} mode="view" />
      </div>
    </div>
  );
}
