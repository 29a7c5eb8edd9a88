import { mediaThumbUrl } from '@dscloud/sdk/files';
import { usePortal } from '../platform/PortalContext';

/**
 * A teacher's portrait (its thumbnail when it is a stored picture; the server's path made absolute), or
 * the first character of the name. Plain markup (the shell's `.ds-avatar`): a lesson's page shows it and
 * loads no antd.
 */
export function TeacherAvatar({ name, url, size = 32 }: { name: string; url: string; size?: number }) {
  const { platform } = usePortal();
  return (
    <span className={`ds-avatar${url ? '' : ' ds-avatar--initial'}`} style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}>
      {url ? <img src={mediaThumbUrl(platform.http.url(url))} alt="" width={size} height={size} /> : name.slice(0, 1)}
    </span>
  );
}
