/**
 * Instant upload (秒传) with proof of possession. Knowing an MD5 is not having the file: when the
 * server holds the content but the caller has no file of it, it answers with a random byte range
 * (single use, five minutes, bound to caller and content) and links the file only when the caller
 * returns the MD5 of exactly those bytes, compared with the stored ones. Content the server does not
 * hold gets the same kind of answer (a decoy challenge nothing can pass), so the check is no oracle.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from '../http/appError.js';
import type { FileConfig } from './fileConfig.js';
import type { FileStore } from './fileStore.js';
import type { FileInfoRow, FileRepo } from './fileRepo.js';
import { contentMatchesExtension, HEAD_SNIFF_BYTES } from './contentSniff.js';
import { categoryOf } from './fileInfoView.js';
import { checkExtension, checkFileName, checkMd5 } from './uploadRules.js';
import type { QuotaOwner, UploadQuotas } from './uploadQuota.js';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_LENGTH = 64 * 1024;

export interface ExistQuery {
  extension?: string;
  fileMd5: string;
  fileName: string;
  fileSize?: number;
  challengeId?: string;
  proof?: string;
}

export interface ExistResult {
  existsFlag: 0 | 1;
  fileInfoId: number;
  fileInfo?: FileInfoRow;
  challenge?: { challengeId: string; offset: number; length: number };
}

const NONE: ExistResult = { existsFlag: 0, fileInfoId: -1 };

export class PossessionService {
  constructor(
    private readonly config: FileConfig,
    private readonly store: FileStore,
    private readonly repo: FileRepo,
    private readonly now: () => number,
    private readonly quotas: UploadQuotas,
  ) {}

  private async md5Of(key: string, offset: number, length: number): Promise<string> {
    const hash = createHash('md5');
    for await (const part of await this.store.readRange(key, offset, offset + length - 1)) hash.update(part as Buffer);
    return hash.digest('hex');
  }

  private async headOf(key: string, size: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const part of await this.store.readRange(key, 0, Math.min(size, HEAD_SNIFF_BYTES) - 1)) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }

  async exist(owner: QuotaOwner, q: ExistQuery): Promise<ExistResult> {
    const userId = owner.user.id;
    const fileName = checkFileName(q.fileName);
    const extension = checkExtension(this.config, fileName, q.extension);
    const md5 = checkMd5(q.fileMd5);
    const owned = await this.repo.ownedByMd5(userId, md5, extension, q.fileSize);
    if (owned) return { existsFlag: 1, fileInfoId: owned.id, fileInfo: owned };

    if (q.challengeId) {
      const challenge = await this.repo.consumeChallenge(q.challengeId, userId);
      if (!challenge?.contentSha256 || challenge.md5 !== md5 || challenge.expiresAt < this.now() || !q.proof) return NONE;
      const content = await this.repo.contentBySha(challenge.contentSha256);
      if (!content) return NONE;
      const expected = Buffer.from(await this.md5Of(content.storageKey, challenge.offset, challenge.length), 'utf8');
      const given = Buffer.from(q.proof.trim().toLowerCase().padEnd(32, '-').slice(0, 32), 'utf8');
      if (!timingSafeEqual(expected, given)) return NONE;
      if (!(await contentMatchesExtension(extension, await this.headOf(content.storageKey, content.size)))) {
        throw new AppError(Codes.FILE_EXTENSION_MISMATCH, `上传的文件格式不匹配：文件内容不是 .${extension} 格式`);
      }
      await this.quotas.ensureRoom(owner, content.size);
      const id = await this.repo.nextId();
      await this.repo.insertFileInfo(
        { id, userId, contentSha256: content.sha256, fileName, extension, categoryCode: categoryOf(extension), supportSourceFlag: 0, businessCode: null },
        this.now(),
      );
      const fileInfo = (await this.repo.fileInfo(id, userId))!;
      return { existsFlag: 1, fileInfoId: id, fileInfo };
    }

    // Known or not, the caller gets a challenge over the size they claim: the answer tells nothing
    // about what others stored. Only a proof over real content links a file; a decoy has none behind it.
    // Without a claimed size there is nothing to challenge over, for anyone.
    if (q.fileSize === undefined || q.fileSize <= 0) return NONE;
    const content = await this.repo.contentByMd5(md5, q.fileSize);
    const length = Math.min(q.fileSize, CHALLENGE_MAX_LENGTH);
    const offset = randomInt(0, q.fileSize - length + 1);
    const challengeId = randomBytes(16).toString('hex');
    await this.repo.insertChallenge(
      { id: challengeId, md5, contentSha256: content?.sha256 ?? null, offset, length, expiresAt: this.now() + CHALLENGE_TTL_MS },
      userId,
    );
    return { ...NONE, challenge: { challengeId, offset, length } };
  }

  /** POST /file/v1/file/info: another named file of content the caller already has (never from an MD5 alone). */
  async register(owner: QuotaOwner, q: { extension?: string; fileMd5: string; fileName: string; supportSourceFlag?: number }): Promise<FileInfoRow> {
    const userId = owner.user.id;
    const fileName = checkFileName(q.fileName);
    const extension = checkExtension(this.config, fileName, q.extension);
    const md5 = checkMd5(q.fileMd5);
    const owned = await this.repo.ownedByMd5(userId, md5, extension);
    if (!owned) throw new AppError(Codes.NOT_FOUND, `文件不存在：您还没有 MD5 为 ${md5} 的文件，请先上传`);
    if (owned.extension !== extension && !(await contentMatchesExtension(extension, await this.headOf(owned.content.storageKey, owned.content.size)))) {
      throw new AppError(Codes.FILE_EXTENSION_MISMATCH, `上传的文件格式不匹配：文件内容不是 .${extension} 格式`);
    }
    await this.quotas.ensureRoom(owner, owned.content.size);
    const id = await this.repo.nextId();
    await this.repo.insertFileInfo(
      { id, userId, contentSha256: owned.content.sha256, fileName, extension, categoryCode: categoryOf(extension), supportSourceFlag: q.supportSourceFlag ?? 0, businessCode: null },
      this.now(),
    );
    return (await this.repo.fileInfo(id, userId))!;
  }
}
