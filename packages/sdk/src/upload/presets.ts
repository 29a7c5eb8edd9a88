import { DEFAULT_RETRY_DELAYS } from './retry.js';
import type { UploaderOptions } from './uploaderOptions.js';
import type { ValidationRules } from './validation.js';

/**
 * The tool editor's "save file" uploader (spec §5): one file at a time, up to 2048 MB, three retries
 * per chunk. Pass the bureau's own extensions; everything else can still be overridden.
 */
export function toolSavePreset(
  base: Omit<UploaderOptions, 'rules'> & { rules: Pick<ValidationRules, 'allowedExtensions'> & Partial<ValidationRules> },
): UploaderOptions {
  return {
    ...base,
    retryDelays: base.retryDelays ?? DEFAULT_RETRY_DELAYS.slice(0, 3),
    rules: { maxFileSize: '2048mb', ...base.rules, maxCount: 1 },
  };
}
