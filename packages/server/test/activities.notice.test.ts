/**
 * The activity notice over real HTTP: every format the back-office editor's toolbar offers comes back
 * from save → detail (the organiser's and the teacher's) exactly as the editor wrote it, while
 * scripts, event handlers and scripted links are still removed, and a notice longer than the limit
 * after cleaning is refused in the words the form also shows.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import { DESCRIPTION_MAX, NOTICE_FORMAT_SAMPLES, descriptionTooLong, type ActivityDetail } from '@dscloud/sdk/activities';
import { useHarness } from './harness.js';
import { A, create, publishable, published } from './activityHelpers.js';

const h = useHarness();
let admin: string;
let teacher: string;

beforeAll(async () => {
  admin = await h.token('admin');
  teacher = await h.token('teacher');
});

const detail = async (id: string, token = admin, path = 'detail') => (await h.call<ActivityDetail>('GET', `${A}/${path}/${id}`, { token })).data;

describe('the notice the editor writes', () => {
  it.each(NOTICE_FORMAT_SAMPLES.map((s) => [s.format, s.html] as const))('%s survives save and detail unchanged', async (_format, html) => {
    const saved = await create(h, admin, { name: '通知格式', activitySystem: 1, description: html });
    expect(saved.description).toBe(html);
    expect((await detail(saved.activityId)).description).toBe(html);
  });

  it('a notice with every format together reaches the teacher unchanged', async () => {
    const html = NOTICE_FORMAT_SAMPLES.map((s) => s.html).join('');
    const activity = await published(h, admin, publishable(Date.now(), { description: html }));
    expect((await detail(activity.activityId, teacher, 'teacher/detail')).description).toBe(html);
  });
});

describe('what the sanitiser still removes', () => {
  it.each([
    ['a script and its content', '<p>报名<script>alert(1)</script>须知</p>', '<p>报名须知</p>'],
    ['event handlers', '<p onclick="steal()"><strong onmouseover="x()">须知</strong></p><img src="https://example.org/a.png" onerror="x()">', '<p><strong>须知</strong></p><img src="https://example.org/a.png" />'],
    ['a javascript: link, however spelled', '<p><a href="JaVaScRiPt:alert(1)">链接</a><a href=" javascript:alert(1)">二</a></p>', `<p><a target="_blank" rel="noopener noreferrer">链接</a><a target="_blank" rel="noopener noreferrer">二</a></p>`],
    ['data: and vbscript: links', '<p><a href="data:text/html,x">一</a><a href="vbscript:x">二</a></p>', '<p><a target="_blank" rel="noopener noreferrer">一</a><a target="_blank" rel="noopener noreferrer">二</a></p>'],
    ['frames, styles and forms', '<iframe src="https://example.org"></iframe><style>p{}</style><form><input></form><p>正文</p>', '<p>正文</p>'],
    ['a link opened in the same window or with the opener', '<p><a href="https://example.org" target="_self" rel="opener">通知</a></p>', '<p><a href="https://example.org" target="_blank" rel="noopener noreferrer">通知</a></p>'],
  ])('%s', async (_what, dirty, clean) => {
    const saved = await create(h, admin, { name: '危险标记', activitySystem: 1, description: dirty });
    expect(saved.description).toBe(clean);
    expect((await detail(saved.activityId)).description).toBe(clean);
  });
});

describe('the length limit', () => {
  it('refuses a notice longer than the limit after cleaning, naming the field, and stores nothing', async () => {
    const draft = await create(h, admin, { name: '长通知', activitySystem: 1, description: '<p>短</p>' });
    // Exactly at the limit: kept.
    const fits = `<p>${'字'.repeat(DESCRIPTION_MAX - 7)}</p>`;
    const kept = await h.call<ActivityDetail>('POST', `${A}/edit`, { token: admin, body: { activityId: draft.activityId, version: draft.version, description: fits } });
    expect(kept.status, kept.message).toBe(200);
    // One character more, and a script that cleaning removes does not count.
    const long = `<p>${'字'.repeat(DESCRIPTION_MAX - 6)}</p>`;
    const refused = await h.call('POST', `${A}/edit`, { token: admin, body: { activityId: draft.activityId, version: kept.data.version, description: `${long}<script>${'x'.repeat(100)}</script>` } });
    expect(refused.status).toBe(Codes.BAD_REQUEST);
    expect(refused.message).toBe(descriptionTooLong());
    expect(refused.message).toBe(`参数 description（活动说明）清理后长度不能超过 ${DESCRIPTION_MAX} 个字符`);
    expect((await detail(draft.activityId)).description).toBe(fits);
  });
});
