/**
 * `POST /base/v1/globalConfig/save`: the settings screen's one write (city bureau only). Each value
 * meets its key's rule (`@dscloud/sdk/settings`, shared with the screen); the first that does not is
 * refused with 422, its key named in the message and `data.field` (`items[i].configValue`), and
 * nothing is stored. The audit log records each changed key with its value before and after.
 */
import type { FastifyInstance } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { crossSettingProblem, LOGO_KEY_PREFIX, ruleOf, settingProblem } from '@dscloud/sdk/settings';
import type { AppContext } from '../context.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { snapshotOf } from '../audit/snapshot.js';
import { inArray } from 'drizzle-orm';
import { fileInfos, globalConfig } from '../db/schema.js';
import { AppError } from '../http/appError.js';
import { localeOf, ok } from '../http/envelope.js';
import { managed } from '../management/access.js';
import { listConfig, type ConfigRow } from './globalConfigRepo.js';

const CONFIG_KEY = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,128}$' } as const;

const saveBody = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: {
        type: 'object',
        required: ['configKey', 'configValue'],
        properties: { configKey: CONFIG_KEY, configValue: { type: 'string', maxLength: 2000 } },
      },
    },
  },
} as const;

export async function settingsSaveRoute(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const audit: AuditSpec = {
    action: 'globalConfig.save',
    entity: 'globalConfig',
    ids: (request) => (request.body as { items: ConfigRow[] }).items.map((i) => i.configKey),
    snapshot: snapshotOf(ctx.db.orm, globalConfig.configKey, { configValue: globalConfig.configValue }),
  };

  app.post<{ Body: { items: ConfigRow[] } }>(
    '/base/v1/globalConfig/save',
    { ...managed(ctx, 'city', audit), schema: { body: saveBody } },
    async (request) => {
      const items = request.body.items.map((i) => ({ configKey: i.configKey, configValue: i.configValue.trim() }));
      const seen = new Set<string>();
      for (const [i, item] of items.entries()) {
        const field = `items[${i}].configValue`;
        if (seen.has(item.configKey)) throw new AppError(Codes.VALIDATION, `配置项 ${item.configKey} 重复出现`, { field: `items[${i}].configKey` });
        seen.add(item.configKey);
        const problem = settingProblem(item.configKey, item.configValue);
        if (problem) throw new AppError(Codes.VALIDATION, problem, { field: ruleOf(item.configKey) ? field : `items[${i}].configKey` });
      }
      await requireLogoImages(ctx, items);
      // Read fresh, not from the cache: the rule between settings must see what is stored now.
      const after = Object.fromEntries((await listConfig(ctx.db.orm)).map((r) => [r.configKey, r.configValue]));
      for (const item of items) after[item.configKey] = item.configValue;
      const cross = crossSettingProblem(after);
      if (cross) {
        const i = items.findIndex((item) => item.configKey === cross.key);
        throw new AppError(Codes.VALIDATION, cross.message, { field: i >= 0 ? `items[${i}].configValue` : cross.key });
      }
      await ctx.config.save(items, (key) => ruleOf(key)?.label ?? '');
      return ok({ rows: items }, localeOf(request));
    },
  );
}

const LOGO_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'webp']);

/** An area logo names a stored image (an upload that finished), not any id. */
async function requireLogoImages(ctx: AppContext, items: readonly ConfigRow[]): Promise<void> {
  const logos = items.map((item, i) => ({ ...item, i })).filter((item) => item.configKey.startsWith(LOGO_KEY_PREFIX) && item.configValue !== '');
  if (logos.length === 0) return;
  const ids = logos.map((l) => Number(l.configValue)).filter((n) => Number.isSafeInteger(n));
  const found = ids.length
    ? await ctx.db.orm.select({ id: fileInfos.id, extension: fileInfos.extension }).from(fileInfos).where(inArray(fileInfos.id, ids))
    : [];
  const images = new Set(found.filter((f) => LOGO_EXTENSIONS.has(f.extension.toLowerCase())).map((f) => String(f.id)));
  const bad = logos.find((l) => !images.has(l.configValue));
  if (bad) {
    throw new AppError(Codes.VALIDATION, `${ruleOf(bad.configKey)?.label ?? bad.configKey}（${bad.configKey}）应为已上传的图片（png、jpg 或 webp）`, {
      field: `items[${bad.i}].configValue`,
    });
  }
}
