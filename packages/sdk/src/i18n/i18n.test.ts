import { describe, expect, it } from 'vitest';
import { createI18n, translate } from './i18n.js';
import { normalizeLocale } from './locale.js';
import { messages } from './messages.js';

describe('i18n', () => {
  it('has a Chinese and an English text for every key', () => {
    for (const [key, entry] of Object.entries(messages)) {
      expect(entry['zh-CN'], key).toMatch(/[\u4e00-\u9fff]|KB/);
      expect(entry.en, key).toMatch(/\w/);
      expect(entry.en, key).not.toMatch(/[\u3000-\u9fff\uff00-\uffef]/);
      const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(params(entry.en), key).toEqual(params(entry['zh-CN']));
    }
  });

  it('speaks Chinese by default and fills parameters', () => {
    const i18n = createI18n();
    expect(i18n.t('login.usernameRequired')).toBe('请输入账号');
    expect(i18n.t('upload.nameTooLong', { max: 200 })).toBe('文件名长度不能超过200个字符');
    i18n.setLocale('en');
    expect(i18n.t('upload.tooLarge', { size: '2GB' })).toBe('Please upload a file smaller than 2GB');
    expect(translate('zh-CN', 'deploy.failedOk')).toBe('知道了');
  });

  it('settles any language tag on a supported locale', () => {
    expect(normalizeLocale('en-US')).toBe('en');
    expect(normalizeLocale('zh-CH')).toBe('zh-CN');
    expect(normalizeLocale('fr')).toBe('zh-CN');
    expect(normalizeLocale(undefined)).toBe('zh-CN');
  });
});
