import { HttpError } from '@dscloud/sdk/errors';
import { describe, expect, it } from 'vitest';
import { pathOf, serverField } from './serverFieldError';

describe('the field a failed call names', () => {
  it('is read from the envelope’s data.field', () => {
    expect(serverField(new HttpError(400, { path: '/x', envelope: { status: 400, data: { field: 'liveEndTime' } } }))).toBe('liveEndTime');
    expect(serverField(new Error('参数 title 不能为空'))).toBeNull();
  });

  it('becomes an antd field path', () => {
    expect(pathOf('resources[1].title')).toEqual(['resources', 1, 'title']);
    expect(pathOf('title')).toEqual(['title']);
  });
});
