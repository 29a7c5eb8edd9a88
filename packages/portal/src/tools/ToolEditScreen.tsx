import { ToolEditor } from '@dscloud/elements';
import { isToolId } from '@dscloud/sdk/tools';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLocale, useT } from '../i18n/useT';
import { RequireTeacher } from '../lessons/teach/RequireTeacher';
import { toolPath } from './toolPath';

// The portal bundles the tools from source, so their static files (hanzi stroke data, the whiteboard's
// fonts and stylesheet) are not beside its chunks: they come with the element bundle the server serves
// at /elements/ (packages/elements/dist/tool-assets/), from our own origin.
(globalThis as { __DS_TOOL_ASSETS__?: string }).__DS_TOOL_ASSETS__ ??= '/elements/tool-assets/';

/**
 * `/my-tools/:tool/:resourceId` (`new` for a new document, `?nodeId=&nodeLabel=` from a lesson's
 * launcher): `<ToolEditor>` on the portal's platform. A first save moves to the document's own address,
 * so a reload or a second tab opens the same document.
 */
export default function ToolEditScreen() {
  const t = useT();
  const lang = useLocale() === 'en' ? 'en' : 'zh-CN';
  const { tool = '', resourceId = 'new' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const id = resourceId === 'new' ? undefined : resourceId;
  return (
    <RequireTeacher title={t('tools.title')}>
      <div className="ds-screen">
        <p>
          <Link to="/my-tools">{t('tools.back')}</Link>
        </p>
        {/* The element's own default size (100 % × 700 px): tools that fill their stage (whiteboard) need a height. */}
        <div style={{ height: 700 }}>
        <ToolEditor
          key={`${tool}:${id ?? 'new'}`}
          tool={tool}
          lang={lang}
          {...(id ? { resourceId: id } : {})}
          {...(search.get('nodeId') ? { nodeId: search.get('nodeId')!, nodeLabel: search.get('nodeLabel') ?? '' } : {})}
          onSave={(detail) => {
            if (detail.resourceId !== id && isToolId(tool)) void navigate(toolPath(tool, detail.resourceId), { replace: true, preventScrollReset: true });
          }}
        />
        </div>
      </div>
    </RequireTeacher>
  );
}
