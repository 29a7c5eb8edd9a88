import type { Platform } from '@dscloud/sdk';
import { DsError } from '@dscloud/sdk/errors';
import { createUploader } from '@dscloud/sdk/upload';

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

/**
 * Uploads one image through the SDK's upload engine (hash, 秒传 check, chunks, the server's MD5 check:
 * the same path as every other upload) and resolves with its file id. Rejects with the engine's words.
 */
export async function uploadImage(platform: Platform, image: Blob, name: string): Promise<string> {
  const uploader = createUploader({
    apiBase: platform.apiBase,
    http: platform.http,
    rules: { allowedExtensions: [...IMAGE_EXTENSIONS], maxCount: 1, maxFileSize: '10mb' },
    userKey: () => `user:${platform.user.getState().user?.baseUserId ?? 'anonymous'}`,
  });
  try {
    const file = new File([image], name, { type: image.type });
    const { accepted, notices } = uploader.add([file]);
    const id = accepted[0];
    if (!id) throw new DsError(notices[0]?.code ?? 5000007, { message: notices.map((n) => n.messageZh).join('；') || undefined });
    return await new Promise<string>((resolve, reject) => {
      const settle = () => {
        const row = uploader.store.getState().files.find((f) => f.id === id);
        if (row?.status === 'done' && row.fileInfoId !== undefined) resolve(String(row.fileInfoId));
        else if (row?.status === 'failed' || row?.status === 'cancelled') reject(new DsError(row.error?.code ?? 5000007, { message: row.error?.messageZh }));
      };
      uploader.store.subscribe(settle);
      settle();
    });
  } finally {
    uploader.destroy();
  }
}
