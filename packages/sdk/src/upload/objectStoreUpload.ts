import { objectStoreFormFields } from '../files/objectStoreForm.js';
import { normaliseExtension } from './extension.js';
import type { FileInfo } from './fileApi.js';
import type { FileRunContext } from './fileRunContext.js';
import { blobRange } from './fileSource.js';
import { withUploadRetry } from './retry.js';

export interface ObjectStoreResult {
  fileInfo: FileInfo;
  objectKey: string;
}

/**
 * Object-store mode (storage mode 1, storage type 2): the bytes go straight to the bucket with a form
 * the platform signed, then the platform registers the object. The file never passes the API server.
 */
export async function uploadToObjectStore(ctx: FileRunContext, fileMd5: string): Promise<ObjectStoreResult> {
  const { source, api, options, signal } = ctx;
  const retry = <T>(run: () => Promise<T>) => withUploadRetry(run, options, signal);
  const businessCode = options.businessCode ?? '';
  const info = await retry(() => api.signature({ businessCode, fileMd5, isDsidealFile: options.isDsidealFile }, signal));
  const fields = objectStoreFormFields(info, source.type);
  const objectKey = fields.find(([name]) => name === 'key')![1];

  await retry(async () => {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    // The object store reads fields in order and ignores anything after the file.
    form.append('file', await blobRange(source, 0, source.size), info.actuallyFileName);
    ctx.progress(0);
    return api.postToObjectStore(info.action, form, signal, (loaded, total) => {
      ctx.progress(total > 0 ? (loaded / total) * source.size : 0);
    });
  });
  ctx.progress(source.size);
  ctx.move('verifying', { objectKey });

  const fileInfo = await retry(() =>
    api.cloudSave(
      {
        extension: normaliseExtension(source.name),
        fileMd5,
        fileName: source.name,
        supportSourceFlag: options.supportSourceFlag,
        totalSize: source.size,
        objectKey,
        businessCode: options.businessCode,
      },
      signal,
    ),
  );
  return { fileInfo, objectKey };
}
