import { describe, expect, it } from 'vitest';
import { changedItems, fieldOfItem, keysToLoad, logoAreas, validateSetting } from './settingsForm';

describe('settings form logic', () => {
  it('sends only what changed, trimmed', () => {
    const loaded = { 'common.footer.icp': '', 'common.hotline.account': '0571-1', 'common.platform.name': '东山' };
    const edited = { 'common.footer.icp': ' 浙ICP备1号 ', 'common.hotline.account': '0571-1 ', 'common.platform.name': '东山' };
    expect(changedItems(loaded, edited)).toEqual([{ configKey: 'common.footer.icp', configValue: '浙ICP备1号' }]);
    expect(changedItems(loaded, loaded)).toEqual([]);
  });

  it('maps the server’s items[i] back to the field of the key sent at i', () => {
    const sent = [{ configKey: 'common.footer.icp' }, { configKey: 'common.link.smartGrowth' }];
    expect(fieldOfItem(sent, 'items[1].configValue')).toEqual(['common.link.smartGrowth']);
    expect(fieldOfItem(sent, 'items[5].configValue')).toBeNull();
    expect(fieldOfItem(sent, 'common.login.url')).toEqual(['common.login.url']);
  });

  it('offers a logo for the platform’s area and the WeChat areas, once each', () => {
    expect(logoAreas('dsideal', 'dsideal, cc,')).toEqual(['dsideal', 'cc']);
    expect(keysToLoad(['cc'])).toContain('common.logo.cc');
  });

  it('checks a value with the server’s rule', async () => {
    await expect(validateSetting('common.link.smartGrowth', 'ftp://x')).rejects.toThrow('common.link.smartGrowth');
    await expect(validateSetting('common.link.smartGrowth', ' https://x.cn ')).resolves.toBeUndefined();
  });
});
