/**
 * Object-store mode (storage mode 1, type 2): the platform signs a form, the browser posts the file
 * straight to the bucket (or to the reference endpoint when no bucket is configured), then
 * cloud/save registers it. The saved object is first moved away from the signed key, so a second
 * post with the same form cannot change bytes that were already verified.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Codes } from '@dscloud/sdk/errors';
import type { SignatureInfo } from '@dscloud/sdk/files';
import { AppError } from '../http/appError.js';
import type { FileConfig } from './fileConfig.js';
import { contentKey, type FileStore } from './fileStore.js';
import type { FileInfoRow, FileRepo } from './fileRepo.js';
import type { ContentRow } from './fileRows.js';
import type { S3Client } from './s3Client.js';
import type { S3Settings } from './fileSettings.js';
import { buildPolicy, signPolicy, verifyPolicy } from './postPolicy.js';
import { DigestTap, digestStream, TooManyBytesError } from './streamDigest.js';
import { contentMatchesExtension, mimeOf } from './contentSniff.js';
import { categoryOf } from './fileInfoView.js';
import { checkExtension, checkFileName, checkMd5, checkTotalSize } from './uploadRules.js';
import type { QuotaOwner, UploadQuotas } from './uploadQuota.js';

export const POLICY_TTL_MS = 3600_000;
const REFERENCE_ACCESS_KEY = 'dscloud-reference';
const INCOMING_KEY = /^incoming\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}-[0-9a-f]{16}$/;

export type { SignatureInfo } from '@dscloud/sdk/files';

export interface CloudSaveRequest {
  extension?: string;
  fileMd5: string;
  fileName: string;
  supportSourceFlag?: number;
  totalSize: number;
  objectKey: string;
  businessCode?: string;
}

export class ObjectStoreService {
  private readonly accessKey: string;
  private readonly secret: string;

  constructor(
    private readonly config: FileConfig,
    private readonly store: FileStore,
    private readonly repo: FileRepo,
    private readonly tmpDir: string,
    serverSecret: string,
    private readonly s3: { settings: S3Settings; client: S3Client } | undefined,
    private readonly now: () => number,
    private readonly quotas: UploadQuotas,
    /** Told of each content once stored (the picture copies are queued from here). */
    private readonly stored: (content: ContentRow, fileName: string) => void = () => undefined,
  ) {
    this.accessKey = s3 ? s3.settings.accessKey : REFERENCE_ACCESS_KEY;
    this.secret = s3 ? s3.settings.secretKey : createHmac('sha256', serverSecret).update('object-upload-policy').digest('base64url');
  }

  /** `base`: the configured public origin, or '' (the address is then relative to the API base). */
  async signature(userId: string, q: { businessCode?: string; fileMd5: string }, base: string): Promise<SignatureInfo> {
    const md5 = checkMd5(q.fileMd5);
    const now = this.now();
    const day = new Date(now).toISOString().slice(0, 10).replace(/-/g, '/');
    const keyPrefix = `incoming/${day}/`;
    const actuallyFileName = `${md5}-${randomBytes(8).toString('hex')}`;
    const key = keyPrefix + actuallyFileName;
    const expiresAt = now + POLICY_TTL_MS;
    await this.repo.insertGrant(key, userId, md5, q.businessCode ?? null, expiresAt, now);
    const policy = buildPolicy({ key, bucket: this.s3?.settings.bucket, maxBytes: this.config.uploadMaxSize * 1024 * 1024, expiresAt });
    return {
      keyPrefix,
      actuallyFileName,
      contentType: '',
      policy,
      signature: signPolicy(policy, this.secret),
      accessKey: this.accessKey,
      action: this.s3 ? this.s3.client.formActionUrl() : `${base}/file/v1/obs/upload`,
    };
  }

  /** The reference server's stand-in for the bucket's form endpoint: fields before the file, as S3 reads them. */
  async acceptForm(fields: Record<string, string>, file: Readable): Promise<void> {
    const checked = verifyPolicy(fields, this.accessKey, this.secret, this.now());
    if (!INCOMING_KEY.test(checked.key)) throw new AppError(Codes.FORBIDDEN, '上传签名校验失败：key 不是平台签发的对象名');
    await mkdir(this.tmpDir, { recursive: true });
    const temp = path.join(this.tmpDir, `${randomBytes(12).toString('hex')}.form`);
    const tap = new DigestTap(checked.maxBytes);
    try {
      await pipeline(file, tap, createWriteStream(temp, { flags: 'wx' })).catch((err: unknown) => {
        throw err instanceof TooManyBytesError ? new AppError(Codes.FILE_TOO_LARGE, `文件过大：超过上传策略允许的 ${checked.maxBytes} 字节`) : err;
      });
      const { size } = tap.digest();
      if (size < checked.minBytes) throw new AppError(Codes.EMPTY_FILE, `请上传大于0KB的文件（收到 ${size} 字节）`);
      await this.store.put(checked.key, createReadStream(temp), size);
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  async cloudSave(owner: QuotaOwner, q: CloudSaveRequest): Promise<FileInfoRow> {
    const userId = owner.user.id;
    const fileName = checkFileName(q.fileName);
    const extension = checkExtension(this.config, fileName, q.extension);
    const md5 = checkMd5(q.fileMd5);
    checkTotalSize(this.config, q.totalSize);
    const grant = INCOMING_KEY.test(q.objectKey) ? await this.repo.grant(q.objectKey, userId) : null;
    if (!grant) throw new AppError(Codes.NOT_FOUND, `对象不存在：objectKey=${q.objectKey.slice(0, 120)} 不是为当前用户签发的上传`);
    if (grant.fileInfoId !== null) {
      const saved = await this.repo.fileInfo(grant.fileInfoId, userId);
      if (saved) return saved;
    }
    if (grant.fileMd5 !== md5) throw new AppError(Codes.BAD_REQUEST, `参数 fileMd5 与申请上传签名时的 ${grant.fileMd5} 不一致`, { field: 'fileMd5' });
    const stat = await this.store.stat(q.objectKey);
    if (!stat) throw new AppError(Codes.NOT_FOUND, `未找到已上传的对象：objectKey=${q.objectKey}，请先把文件上传到对象存储`);
    try {
      await this.quotas.ensureRoom(owner, q.totalSize);
    } catch (err) {
      // A refused save ends this signed upload: its bytes are not kept.
      await this.store.delete(q.objectKey).catch(() => undefined);
      await this.repo.deleteGrant(q.objectKey);
      throw err;
    }

    const id = await this.repo.nextId();
    if (!(await this.repo.useGrant(q.objectKey, id))) throw new AppError(Codes.CHUNK_CONFLICT, '该对象正在登记中，请稍后查询');
    const staging = `staging/${randomBytes(12).toString('hex')}`;
    try {
      await this.store.move(q.objectKey, staging);
      const digest = await digestStream(await this.store.readRange(staging, 0, stat.size - 1));
      if (digest.size !== q.totalSize || digest.md5 !== md5) {
        throw new AppError(Codes.FILE_MD5_MISMATCH, `文件校验失败，请重新上传：对象为 ${digest.size} 字节、MD5 ${digest.md5}，与声明的 ${q.totalSize} 字节、MD5 ${md5} 不一致`);
      }
      if (!(await contentMatchesExtension(extension, digest.head))) {
        throw new AppError(Codes.FILE_EXTENSION_MISMATCH, `上传的文件格式不匹配：文件内容不是 .${extension} 格式`);
      }
      const known = await this.repo.contentBySha(digest.sha256);
      const key = contentKey(digest.sha256);
      if (known && (await this.store.exists(known.storageKey))) await this.store.delete(staging);
      else await this.store.move(staging, key);
      const content: ContentRow = { sha256: digest.sha256, md5: digest.md5, size: digest.size, store: this.store.kind, storageKey: key, mime: mimeOf(extension) };
      await this.repo.insertContentAndInfo(
        content,
        { id, userId, contentSha256: digest.sha256, fileName, extension, categoryCode: categoryOf(extension), supportSourceFlag: q.supportSourceFlag ?? 0, businessCode: q.businessCode ?? null },
        this.now(),
      );
      this.stored(known ?? content, fileName);
      return (await this.repo.fileInfo(id, userId))!;
    } catch (err) {
      // A failed check ends this signed upload: the object is removed and the client asks for a new signature.
      await this.store.delete(staging).catch(() => undefined);
      await this.store.delete(q.objectKey).catch(() => undefined);
      await this.repo.deleteGrant(q.objectKey);
      throw err;
    }
  }
}
