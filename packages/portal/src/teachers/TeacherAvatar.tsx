import { mediaThumbUrl } from '@dscloud/sdk/files';
import { Avatar } from 'antd';
import { usePortal } from '../platform/PortalContext';

/** A teacher's portrait (its thumbnail when it is a stored picture; the server's path made absolute), or the first character of the name. */
export function TeacherAvatar({ name, url, size }: { name: string; url: string; size?: number }) {
  const { platform } = usePortal();
  return (
    <Avatar size={size} src={url ? mediaThumbUrl(platform.http.url(url)) : undefined} alt="">
      {url ? null : name.slice(0, 1)}
    </Avatar>
  );
}
