/**
 * The carousel's back-office over real calls: slides belong to a level (the city's, a district's, a
 * school's). The city's administrators manage every slide; a district or school administrator manages
 * the slides of their own organisation and below, and is refused another level's slide by its id with
 * nothing changed. An organisation's slides show on the home page only to its own signed-in users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@dscloud/sdk/errors';
import { startHarness, type Harness } from './harness.js';

const C = '/cloudSchool/v1/carouselImage';
const IMAGE = '/static/seed/banners/banner-02-learn.jpg';

let h: Harness;
let admin: string;
let district: string;
let school: string;

const homeIds = async (token?: string) => ((await h.call('GET', `${C}/list/home`, { token })).data as Array<{ carouselImageId: string }>).map((s) => s.carouselImageId);
const stored = async (id: string) => (await h.query<{ enabled: number; sort: number; title: string }>(`SELECT enabled, sort, title FROM carousel_images WHERE id = $1`, [id]))[0];

beforeAll(async () => {
  h = await startHarness();
  admin = await h.token('admin');
  district = await h.token('districtadmin');
  school = await h.token('schooladmin');
});
afterAll(async () => {
  await h?.close();
});

describe('carousel levels', () => {
  let districtSlide: string;
  let schoolSlide: string;

  it('gives a district administrator slides of their own district, seen only by its users', async () => {
    const saved = await h.call('POST', `${C}/save`, { token: district, body: { title: '南湖区专题', imageUrl: IMAGE, target: { type: 'route', path: '/learn' } } });
    expect(saved.status).toBe(200);
    expect(saved.data.orgId).toBe('330102000000');
    districtSlide = saved.data.carouselImageId;
    const bySchool = await h.call('POST', `${C}/save`, { token: school, body: { title: '南湖实小活动', imageUrl: IMAGE } });
    schoolSlide = bySchool.data.carouselImageId;
    expect(bySchool.data.orgId).toBe('330102001001');

    // The home page: guests and other districts' users see the city's slides only.
    expect(await homeIds()).not.toContain(districtSlide);
    expect(await homeIds(await h.token('teacher2'))).not.toContain(districtSlide);
    // The district's teacher (南湖实小) sees the city's slides, then the district's, then the school's.
    const teacherHome = await homeIds(await h.token('teacher'));
    expect(teacherHome.slice(-2)).toEqual([districtSlide, schoolSlide]);
    expect(teacherHome[0]).toBe('cs-01');
  });

  it('lists for each administrator only the slides of their reach', async () => {
    const list = async (token: string) =>
      ((await h.call('POST', `${C}/getManagerViewPage`, { token, body: { pageSize: 100 } })).data.rows as Array<{ carouselImageId: string; orgName: string }>).map((r) => r.carouselImageId);
    expect(await list(admin)).toEqual(expect.arrayContaining(['cs-01', districtSlide, schoolSlide]));
    expect(await list(district)).toEqual([districtSlide, schoolSlide]);
    expect(await list(school)).toEqual([schoolSlide]);
    const named = await h.call('POST', `${C}/getManagerViewPage`, { token: admin, body: { keyword: '南湖区' } });
    expect(named.data.rows).toEqual([expect.objectContaining({ carouselImageId: districtSlide, orgName: '南湖区教育局' })]);
    const disabledOnly = await h.call('POST', `${C}/getManagerViewPage`, { token: admin, body: { enabled: 0 } });
    expect(disabledOnly.data.total).toBe(0);
    const staffOnly = await h.call('POST', `${C}/getManagerViewPage`, { token: admin, body: { visibility: 'loggedInNotStudent' } });
    expect(staffOnly.data.rows.map((r: { key: string }) => r.key)).toEqual(['management']);
  });

  it('refuses a district administrator the city’s slides and another level’s, by id, and nothing changes', async () => {
    const before = await stored('cs-01');
    const refused: Array<[string, unknown]> = [
      [`${C}/save`, { carouselImageId: 'cs-01', title: '改掉全市轮播' }],
      [`${C}/sort`, { carouselImageIds: ['cs-02', 'cs-01'] }],
      [`${C}/batch/operation`, { carouselImageIds: [districtSlide, 'cs-01'], operation: 'disable' }],
      [`${C}/batch/operation`, { carouselImageIds: ['cs-01'], operation: 'delete' }],
      [`${C}/save`, { title: '冒充全市', imageUrl: IMAGE, orgId: null }],
      [`${C}/save`, { title: '冒充东湖区', imageUrl: IMAGE, orgId: '330104000000' }],
    ];
    for (const [url, body] of refused) {
      const answer = await h.call('POST', url, { token: district, body });
      expect(`${url} ${answer.http} ${answer.status} ${answer.message}`).toBe(`${url} 403 ${Codes.FORBIDDEN} 不在您的管理范围内`);
    }
    const bySchool = await h.call('POST', `${C}/save`, { token: school, body: { carouselImageId: districtSlide, title: '学校改区里的' } });
    expect(bySchool.http).toBe(403);
    expect(await stored('cs-01')).toEqual(before);
    expect((await stored(districtSlide))?.enabled).toBe(1);
    expect((await stored(districtSlide))?.title).toBe('南湖区专题');
    expect(await h.query(`SELECT id FROM carousel_images WHERE title LIKE '冒充%'`)).toEqual([]);
  });

  it('lets the district administrator order, switch off and delete the slides of their reach', async () => {
    expect((await h.call('POST', `${C}/sort`, { token: district, body: { carouselImageIds: [districtSlide, schoolSlide] } })).status).toBe(400);
    const second = await h.call('POST', `${C}/save`, { token: district, body: { title: '南湖区第二张', imageUrl: IMAGE } });
    const secondId = second.data.carouselImageId;
    expect((await h.call('POST', `${C}/sort`, { token: district, body: { carouselImageIds: [secondId, districtSlide] } })).status).toBe(200);
    const teacher = await h.token('teacher');
    expect((await homeIds(teacher)).slice(-3)).toEqual([secondId, districtSlide, schoolSlide]);
    expect((await h.call('POST', `${C}/batch/operation`, { token: district, body: { carouselImageIds: [secondId, schoolSlide], operation: 'disable' } })).status).toBe(200);
    expect((await homeIds(teacher)).slice(-1)).toEqual([districtSlide]);
    expect((await h.call('POST', `${C}/batch/operation`, { token: district, body: { carouselImageIds: [secondId], operation: 'delete' } })).status).toBe(200);
    expect(await stored(secondId)).toBeUndefined();
  });

  it('lets the city administrator reorder the city’s slides, and records who did it', async () => {
    expect((await h.call('POST', `${C}/sort`, { token: admin, body: { carouselImageIds: ['cs-03', 'cs-01'] } })).status).toBe(200);
    expect((await homeIds()).slice(0, 3)).toEqual(['cs-03', 'cs-01', 'cs-02']);
    const log = await h.call('POST', '/cloudSchool/v1/auditLog/page', { token: admin, body: { action: 'carouselImage.sort', entityId: 'cs-03' } });
    expect(log.data.rows[0]).toMatchObject({ entity: 'carouselImage', changes: { sort: { before: 3, after: 1 } } });
    const deleted = await h.call('POST', '/cloudSchool/v1/auditLog/page', { token: admin, body: { action: 'carouselImage.batch' } });
    expect(deleted.data.rows[0].changes.title).toEqual({ before: '南湖区第二张', after: null });
  });

  it('refuses a save without an image or with a bad link, naming the field', async () => {
    const noImage = await h.call('POST', `${C}/save`, { token: admin, body: { title: '无图' } });
    expect([noImage.status, noImage.data]).toEqual([Codes.MISSING_PARAMETER, { field: 'imageFileId' }]);
    const badUrl = await h.call('POST', `${C}/save`, { token: admin, body: { title: 'x', imageUrl: IMAGE, target: { type: 'url', url: 'javascript:alert(1)' } } });
    expect(badUrl.data).toEqual({ field: 'target.url' });
  });
});

describe('English words of a slide', () => {
  it('seeds the demo slides with English titles, by identity as the Chinese ones', async () => {
    const guest = (await h.call('GET', `${C}/list/home`)).data as Array<{ carouselImageId: string; title: string; titleEn: string; subtitleEn: string }>;
    const live = guest.find((s) => s.carouselImageId === 'cs-01');
    expect(live).toMatchObject({ title: '直播课堂', titleEn: 'Live classroom' });
    expect(live!.subtitleEn).toMatch(/^[^\u4e00-\u9fff]+$/);
    const asTeacher = (await h.call('GET', `${C}/list/home`, { token: await h.token('teacher') })).data as Array<{ carouselImageId: string; title: string; titleEn: string }>;
    expect(asTeacher.find((s) => s.carouselImageId === 'cs-02')).toMatchObject({ title: '智慧教学', titleEn: 'Smart teaching' });
  });

  it('saves optional English words, keeps them when an edit leaves them out, refuses an overlong one naming it', async () => {
    const saved = await h.call('POST', `${C}/save`, { token: admin, body: { title: '英文测试', titleEn: ' Spring term ', subtitleEn: 'New lessons every week', imageUrl: IMAGE } });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ titleEn: 'Spring term', subtitleEn: 'New lessons every week' });
    const id = saved.data.carouselImageId as string;
    const edited = await h.call('POST', `${C}/save`, { token: admin, body: { carouselImageId: id, title: '英文测试二' } });
    expect(edited.data).toMatchObject({ title: '英文测试二', titleEn: 'Spring term' });
    const plain = await h.call('POST', `${C}/save`, { token: admin, body: { title: '只有中文', imageUrl: IMAGE } });
    expect(plain.data).toMatchObject({ titleEn: '', subtitleEn: '' });
    const long = await h.call('POST', `${C}/save`, { token: admin, body: { carouselImageId: id, title: '英文测试', titleEn: 'x'.repeat(101) } });
    expect(long.http).toBe(400);
    expect(long.data).toMatchObject({ field: 'titleEn' });
  });
});

