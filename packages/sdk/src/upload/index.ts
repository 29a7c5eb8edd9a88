export { createUploader, type Uploader } from './uploader.js';
export {
  resolveUploaderOptions,
  createDefaultTransport,
  isObjectStoreMode,
  BUSINESS_CODES,
  type UploaderOptions,
  type UploadTransport,
  type UploaderSettings,
  type StorageSelection,
} from './uploaderOptions.js';
export { toolSavePreset } from './presets.js';
export {
  computeTotals,
  type UploadFile,
  type UploadNotice,
  type UploadTotals,
  type UploaderState,
  type UploaderStore,
} from './uploaderStore.js';
export {
  transition,
  canTransition,
  LEGAL_TRANSITIONS,
  ACTIVE_STATUSES,
  IllegalTransitionError,
  type UploadStatus,
} from './stateMachine.js';
export { validateFile, validateSelection, DEFAULT_MAX_NAME_LENGTH, type ValidationRules, type CandidateFile, type SelectionResult } from './validation.js';
export { resolveRules, parseAccept, type ResolvedRules, type UploaderAttributes, type AcceptSpec } from './uploadRules.js';
export { normaliseExtension, nameWithoutExtension, normaliseExtensionList } from './extension.js';
export { parseSize, formatSize, MAX_UPLOAD_BYTES } from './size.js';
export { categoryOf, FILE_CATEGORY_BY_CODE, type FileCategory, type ExtensionCategory } from './fileCategory.js';
export { planChunks, chunkCount, DEFAULT_CHUNK_SIZE, type ChunkRange } from './chunkPlan.js';
export { checkMp4H264, loadMp4Box, DEFAULT_MP4_SLICE_SIZE, type Mp4CheckResult, type Mp4CheckOptions } from './mp4Check.js';
export { hashWasmEngine, sparkMd5Engine, type Md5Engine, type Md5Hasher } from './md5Engine.js';
export {
  createMainThreadHashRunner,
  createWorkerHashRunner,
  sampleDigest,
  DEFAULT_MD5_ENGINES,
  type HashRunner,
  type HashJob,
  type WorkerFactory,
} from './hashRunner.js';
export { createMd5WorkerHandler, type Md5WorkerRequest, type Md5WorkerReply } from './md5WorkerProtocol.js';
export { fileSourceFromBlob, fileSourceFromBytes, type FileSource } from './fileSource.js';
export {
  fileEndpoints,
  createFileApi,
  fetchUploadQuota,
  type FileApi,
  type FileEndpoints,
  type FileInfo,
  type ExistRequest,
  type ExistAnswer,
  type PossessionChallenge,
  type UploadStatusRequest,
  type UploadStatusAnswer,
  type ChunkAnswer,
  type SignatureInfo,
  type SignatureRequest,
  type CloudSaveRequest,
} from './fileApi.js';
export {
  createLocalStorageResumeStore,
  createMemoryResumeStore,
  uploadFingerprint,
  type ResumeStore,
  type ResumeRecord,
} from './resumeStore.js';
export { DEFAULT_RETRY_DELAYS, uploadRetryPolicy, type UploadRetrySettings } from './retry.js';
export { isRetryable, type RetryPolicy } from '../http/retryPolicy.js';
export { systemUploadClock, type UploadClock } from './clock.js';
export { browserNetworkMonitor, DEFAULT_NETWORK_PROBE_DELAYS, type NetworkMonitor } from './network.js';
export { toIssue, type UploadIssue } from './uploadIssue.js';
export { OBJECT_STORE_FORM_FIELDS, objectStoreFormFields } from '../files/objectStoreForm.js';
