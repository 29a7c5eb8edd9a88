import { TOOL_IDS, TOOL_TITLES } from '@dscloud/sdk/tools';
import { Link } from 'react-router';
import { useLocale, useT } from '../i18n/useT';
import { useViewer } from '../platform/hooks';
import { toolPath } from './toolPath';

/** On a lesson's page, for teachers: open a tool with a new document that belongs to the lesson's node. */
export function ToolLauncher({ nodeId, nodeLabel }: { nodeId: string | null; nodeLabel: string }) {
  const t = useT();
  const lang = useLocale() === 'en' ? 'en' : 'zh-CN';
  const viewer = useViewer();
  if (viewer.kind !== 'teacher' || !nodeId) return null;
  return (
    <section className="ds-panel ds-tool-launcher" aria-labelledby="tool-launcher">
      <h2 id="tool-launcher">{t('tools.launcher')}</h2>
      <p>{t('tools.launcherHint', { node: nodeLabel })}</p>
      <nav aria-label={t('tools.launcher')} style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        {TOOL_IDS.map((tool) => (
          <Link key={tool} to={toolPath(tool, 'new', { nodeId, nodeLabel })}>
            {TOOL_TITLES[tool][lang]}
          </Link>
        ))}
      </nav>
    </section>
  );
}
