import type { FileConfig } from '../config/types.js';
import { normaliseExtensionList } from './extension.js';
import { FILE_CATEGORY_BY_CODE, categoryOf, type FileCategory } from './fileCategory.js';
import type { ValidationRules } from './validation.js';

/*
 * The rules an upload widget applies: what the server's file config allows, narrowed by what the
 * embedding page asked for (`accept`, `max-count`, `max-size`) and by the device. Policy, not view:
 * every upload screen takes it from here.
 */

const CATEGORIES = new Set<string>(Object.values(FILE_CATEGORY_BY_CODE));

/** What the `accept` attribute asked for: category names (`video,picture`) and/or extensions (`.mp4,.pdf`). */
export interface AcceptSpec {
  categories: FileCategory[];
  extensions: string[];
}

export function parseAccept(accept: string | undefined): AcceptSpec {
  const spec: AcceptSpec = { categories: [], extensions: [] };
  for (const raw of (accept ?? '').split(/[,\s]+/)) {
    const token = raw.trim().toLowerCase();
    if (!token) continue;
    if (!token.startsWith('.') && CATEGORIES.has(token)) spec.categories.push(token as FileCategory);
    else spec.extensions.push(...normaliseExtensionList(token));
  }
  return spec;
}

export interface UploaderAttributes {
  accept?: string;
  maxCount?: number;
  maxSize?: string;
  /** The device is a phone or tablet: the server's smaller video limit applies. */
  mobile?: boolean;
}

export interface ResolvedRules {
  rules: ValidationRules;
  /** For the native picker's `accept`, so the dialog offers only what will be taken. */
  inputAccept: string;
  /** For the hint under the button, e.g. `mp4、mov`. */
  extensions: string[];
  maxSizeLabel: string;
}

/**
 * Attributes narrow what the server allows; they never widen it, because the server refuses other
 * types anyway (4150001) and a bureau page must not promise what the platform will not take.
 */
export function resolveRules(attributes: UploaderAttributes, config: Readonly<FileConfig> | undefined): ResolvedRules {
  const spec = parseAccept(attributes.accept);
  const serverList = config ? normaliseExtensionList(config.uploadExtensions) : [];
  const categories = config?.extensions ?? [];
  let allowed = serverList;
  if (spec.extensions.length) allowed = serverList.length ? spec.extensions.filter((ext) => serverList.includes(ext)) : spec.extensions;
  const shown = spec.categories.length ? allowed.filter((ext) => spec.categories.includes(categoryOf(ext, categories))) : allowed;
  const maxSize = attributes.maxSize?.trim() || (config?.uploadMaxSize ? `${config.uploadMaxSize}mb` : undefined);
  const rules: ValidationRules = {
    allowedExtensions: allowed,
    categories,
    ...(spec.categories.length ? { accept: spec.categories } : {}),
    ...(attributes.maxCount && attributes.maxCount > 0 ? { maxCount: Math.floor(attributes.maxCount) } : {}),
    ...(maxSize ? { maxFileSize: maxSize } : {}),
    ...(attributes.mobile && config?.mobileUploadVideoMaxSize
      ? { sizeFilter: { maxSize: `${config.mobileUploadVideoMaxSize}mb`, extensions: videoExtensions(serverList, categories) } }
      : {}),
  };
  return {
    rules,
    inputAccept: shown.map((ext) => `.${ext}`).join(','),
    extensions: shown,
    maxSizeLabel: maxSize ? maxSize.replace(/\s+/g, '').toUpperCase() : '',
  };
}

function videoExtensions(list: string[], categories: FileConfig['extensions']): string[] {
  return list.filter((ext) => categoryOf(ext, categories) === 'video');
}
