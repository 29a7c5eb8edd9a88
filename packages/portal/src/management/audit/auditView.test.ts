import { describe, expect, it } from 'vitest';
import { changeRows, toAuditFilter, valueText } from './auditView';

describe('audit screen view', () => {
  it('sends the URL’s filters as the server takes them', () => {
    expect(
      toAuditFilter({ page: 2, pageSize: 20, sort: null, filters: { keyword: ' 陈 ', action: 'globalConfig.save', entityId: '', time: [1, 2] } }),
    ).toEqual({ pageNum: 2, pageSize: 20, keyword: '陈', action: 'globalConfig.save', from: 1, to: 2 });
    expect(toAuditFilter({ page: 1, pageSize: 10, sort: null, filters: {} })).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('shows each changed field before and after, a removed value as a dash', () => {
    expect(changeRows({ configValue: { before: '', after: '浙ICP备1号' }, target: { before: { type: 'none' }, after: null } })).toEqual([
      { field: 'configValue', before: '—', after: '浙ICP备1号' },
      { field: 'target', before: '{"type":"none"}', after: '—' },
    ]);
    expect(valueText(0)).toBe('0');
  });
});
