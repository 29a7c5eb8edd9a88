import { describe, expect, it } from 'vitest';
import { readTableState } from '../kit';
import { APPLICANT_SPEC, COVER_NODE_SPEC, GOOD_WORK_SPEC, MY_REVIEW_SPEC, myReviewPage, QUALITY_SPEC, REVIEWER_SPEC, toCoverNodeQuery, toHighQualityQuery, toReviewerQuery, toSignUpPersonQuery, withoutPaging } from './insightSpecs';
import { insightPaths } from './paths';

const url = (q: string) => new URLSearchParams(q);

describe('statistics tables: URL → query', () => {
  it('applicants: filters by name, stage, subject and district, page from the URL', () => {
    const state = readTableState(url('page=3&size=20&keyword=%20张%20&stage=3&subject=314&district=d1'), APPLICANT_SPEC);
    expect(toSignUpPersonQuery('a1', state)).toEqual({ activityId: 'a1', pageNum: 3, pageSize: 20, keyword: '张', stage: 3, subjectCode: 314, districtId: 'd1' });
    expect(toSignUpPersonQuery('a1', readTableState(url(''), APPLICANT_SPEC))).toEqual({ activityId: 'a1', pageNum: 1, pageSize: 10 });
  });

  it('reviewers: a level outside 1–3 in a hand-edited link is dropped', () => {
    expect(toReviewerQuery('a1', readTableState(url('level=2&keyword=李'), REVIEWER_SPEC))).toEqual({ activityId: 'a1', pageNum: 1, pageSize: 10, level: 2, keyword: '李' });
    expect(toReviewerQuery('a1', readTableState(url('level=7'), REVIEWER_SPEC))).toEqual({ activityId: 'a1', pageNum: 1, pageSize: 10 });
  });

  it('node coverage: only the four coverage states pass', () => {
    expect(toCoverNodeQuery('a1', readTableState(url('state=passed&stage=3'), COVER_NODE_SPEC))).toMatchObject({ state: 'passed', stage: 3 });
    expect(toCoverNodeQuery('a1', readTableState(url('state=all'), COVER_NODE_SPEC))).not.toHaveProperty('state');
  });

  it('high-quality works: subject, edition and book only under what is chosen above them', () => {
    const full = readTableState(url('stage=3&subject=314&edition=e1&book=b1&keyword=函数'), QUALITY_SPEC);
    expect(toHighQualityQuery(full, 'a1')).toEqual({ pageNum: 1, pageSize: 10, activityId: 'a1', keyword: '函数', stage: 3, subjectCode: 314, editionId: 'e1', bookId: 'b1' });
    const cut = readTableState(url('subject=314&edition=e1&book=b1'), QUALITY_SPEC);
    expect(toHighQualityQuery(cut)).toEqual({ pageNum: 1, pageSize: 10 });
    expect(withoutPaging(toHighQualityQuery(full, 'a1'))).not.toHaveProperty('pageNum');
  });

  it('the public cards page by 12, 24 or 48 and keep their page in the URL', () => {
    expect(readTableState(url(''), GOOD_WORK_SPEC).pageSize).toBe(12);
    expect(toHighQualityQuery(readTableState(url('page=2&size=24&stage=2'), GOOD_WORK_SPEC))).toEqual({ pageNum: 2, pageSize: 24, stage: 2 });
    expect(readTableState(url('size=10'), GOOD_WORK_SPEC).pageSize).toBe(12);
  });

  it("a reviewer's activities are filtered and paged here", () => {
    const rows = Array.from({ length: 13 }, (_, i) => ({ activityName: i % 2 ? `数学征集${i}` : `语文征集${i}`, auditOpen: i < 5 }));
    expect(myReviewPage(rows, readTableState(url(''), MY_REVIEW_SPEC))).toMatchObject({ total: 13 });
    expect(myReviewPage(rows, readTableState(url('page=2'), MY_REVIEW_SPEC)).rows).toHaveLength(3);
    const math = myReviewPage(rows, readTableState(url('keyword=数学&open=1'), MY_REVIEW_SPEC));
    expect(math.rows.map((r) => r.activityName)).toEqual(['数学征集1', '数学征集3']);
  });
});

describe('statistics paths', () => {
  it('spell the spec routes, the name and type encoded', () => {
    const a = { activityId: 'ac 1', activitySystem: 2, name: '2026 春季/征集' };
    expect(insightPaths.applicants(a)).toBe('/management/type=applicants/ac%201/2/2026%20%E6%98%A5%E5%AD%A3%2F%E5%BE%81%E9%9B%86');
    expect(insightPaths.signUpStatistics(a)).toBe('/management/type=sign-up-statistics/ac%201/2');
    expect(insightPaths.opusStatistics(a)).toBe('/management/type=opus-statistics/ac%201/2');
    expect(insightPaths.reviewerDetail(a)).toBe('/management/type=jspsxqdetail/ac%201');
    expect(insightPaths.goodWork('ls1')).toBe('/resourcesCollect/goodWorkList/ls1/1');
  });
});
