import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import '../register.js';
import { getPlatform } from '../shared/platformRegistry.js';
import { waitFor } from '../test/waitFor.js';
import { axeViolations } from '../test/axe.js';
import { apiBase } from '../test/apiBase.js';
import { $, mountPlayer, ready, shadow, video } from './playerTestKit.js';

const platform = () => getPlatform(apiBase());
const cloud = (path: string) => platform().paths.cloudSchool(`/v1/${path}`);
const http = () => platform().http;

interface Mark {
  markTime: number;
  title: string;
}
const markButtons = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLButtonElement>('[part="mark"]')];
const focused = (el: HTMLElement) => shadow(el).activeElement;
const storedMarks = (resourceId: string) => http().get<Mark[]>(cloud('lessonResourceMark/getList'), { lessonResourceId: resourceId });
const myNotes = async (lessonId: string) => (await http().post<{ total: number }>(cloud('lessonNote/getNotesPage'), { lessonId })).total;

async function login(username: string) {
  platform().session.logout();
  platform().auth.transition({ type: 'reset' });
  const status = await platform().auth.submit({ username, password: 'Ds@123456' });
  expect(status, `${username} logs in`).to.equal('success');
}

/** A fresh lesson of the demo teacher (unpublished: only the teacher and administrators see it). */
async function teachersLesson(title: string): Promise<{ lessonId: string; resourceId: string }> {
  const saved = await http().post<{ lessonId: string; resources: { resourceId: string }[] }>(cloud('cloudLesson/save'), {
    title,
    stage: 2,
    subjectCode: 214,
    grade: 3,
    resources: [{ title: '第一段', url: '/static/seed/media/lesson-shuxue-tuxing.mp4', durationSeconds: 10 }],
  });
  return { lessonId: saved.lessonId, resourceId: saved.resources[0]!.resourceId };
}

describe('<ds-lesson-player>: key points on the time line, and deleting all my notes', () => {
  let el: HTMLElement;
  let lesson: { lessonId: string; resourceId: string };
  let other: { lessonId: string; resourceId: string };

  before(async () => {
    localStorage.clear();
    await login('teacher');
    lesson = await teachersLesson(`要点课 ${Date.now()}`);
    other = await teachersLesson(`另一节 ${Date.now()}`);
    await http().post(cloud('lessonResourceMark/batchSave'), {
      lessonResourceId: lesson.resourceId,
      marks: [
        { markTime: 6, title: '小结' },
        { markTime: 2, title: '导入' },
      ],
    });
  });
  afterEach(() => el?.remove());
  after(() => platform().session.logout());

  it('shows each mark at its moment; Tab reaches them in time order and Enter or a click seeks there', async () => {
    el = mountPlayer({ 'lesson-id': lesson.lessonId, 'start-at': '0' });
    await ready(el);
    await waitFor(() => markButtons(el).length === 2 && video(el).duration > 0 && $(el, '.ds-player__marks:not(.ds-player__marks--flow)'), {
      message: 'two marks placed on the time line',
    });
    const [first, second] = markButtons(el) as [HTMLButtonElement, HTMLButtonElement];
    expect(first.getAttribute('aria-label')).to.equal('00:02 导入，跳到此处');
    expect(second.getAttribute('aria-label')).to.equal('00:06 小结，跳到此处');
    // Positions follow the video's length: 2 s and 6 s of the demo video.
    const duration = video(el).duration;
    const bar = $(el, '[part="marks"]')!.getBoundingClientRect();
    const left = (button: HTMLElement) => (button.parentElement!.getBoundingClientRect().left - bar.left) / bar.width;
    expect(left(first)).to.be.closeTo(2 / duration, 0.03);
    expect(left(second)).to.be.closeTo(6 / duration, 0.03);

    first.focus();
    await sendKeys({ press: 'Tab' });
    expect(focused(el)).to.equal(second);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => Math.abs(video(el).currentTime - 6) < 0.5, { message: 'Enter seeks to 00:06' });
    first.click();
    await waitFor(() => Math.abs(video(el).currentTime - 2) < 0.5, { message: 'a click seeks to 00:02' });
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('lets the teacher add a mark at the current moment and remove one (edit-marks)', async () => {
    el = mountPlayer({ 'lesson-id': lesson.lessonId, 'start-at': '4', 'edit-marks': '' });
    await ready(el);
    await waitFor(() => markButtons(el).length === 2 && video(el).readyState >= 1 && Math.abs(video(el).currentTime - 4) < 0.5, { message: 'at 00:04' });
    const field = await waitFor(() => $<HTMLInputElement>(el, 'input[name="markTitle"]'), { message: 'the editor loaded' });
    field.focus();
    await sendKeys({ type: '重点讲解' });
    await waitFor(() => $(el, '[part="marks-editor"] label')?.textContent?.includes('00:04'));
    $<HTMLButtonElement>(el, '[part="marks-editor"] button[type="submit"]')!.click();
    await waitFor(() => markButtons(el).length === 3, { message: 'the new mark on the time line' });
    expect(markButtons(el).map((b) => b.getAttribute('aria-label'))).to.deep.equal(['00:02 导入，跳到此处', '00:04 重点讲解，跳到此处', '00:06 小结，跳到此处']);
    expect((await storedMarks(lesson.resourceId)).map((m) => `${m.markTime} ${m.title}`)).to.deep.equal(['2 导入', '4 重点讲解', '6 小结']);

    shadow(el).querySelector<HTMLButtonElement>('[aria-label="删除 00:02 的要点“导入”"]')!.click();
    await waitFor(() => markButtons(el).length === 2, { message: 'the mark left the time line' });
    expect((await storedMarks(lesson.resourceId)).map((m) => m.title)).to.deep.equal(['重点讲解', '小结']);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('deletes all my notes of the lesson after asking, and keeps the others', async () => {
    for (const content of ['第一条', '第二条']) await http().post(cloud('lessonNote/save'), { lessonId: lesson.lessonId, content, videoTime: 1 });
    await http().post(cloud('lessonNote/save'), { lessonId: other.lessonId, content: '别的课', videoTime: 1 });
    el = mountPlayer({ 'lesson-id': lesson.lessonId });
    await waitFor(() => shadow(el).querySelectorAll('[part="note"]').length === 2, { message: 'the two notes' });

    $<HTMLButtonElement>(el, '[part="notes-clear"]')!.click();
    const dialog = await waitFor(() => $(el, '[role="alertdialog"]'), { message: 'asks first' });
    expect(dialog.textContent).to.contain('确定删除本课的全部 2 条笔记吗？');
    await waitFor(() => focused(el)?.textContent === '取消', { message: 'focus on 取消' });
    expect(await axeViolations(el)).to.deep.equal([]);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '[role="alertdialog"]') && focused(el) === $(el, '[part="notes-clear"]'), { message: 'Esc keeps the notes' });
    expect(await myNotes(lesson.lessonId)).to.equal(2);

    $<HTMLButtonElement>(el, '[part="notes-clear"]')!.click();
    const yes = await waitFor(() => [...shadow(el).querySelectorAll<HTMLButtonElement>('[role="alertdialog"] button')].find((b) => b.textContent === '确定删除'));
    yes.click();
    await waitFor(() => shadow(el).querySelectorAll('[part="note"]').length === 0 && $(el, '.ds-player__empty')?.textContent === '还没有笔记', {
      message: 'the list is empty',
    });
    expect(focused(el)).to.equal($(el, 'textarea[name="note"]'));
    expect(await myNotes(lesson.lessonId)).to.equal(0);
    expect(await myNotes(other.lessonId)).to.equal(1);
  });

  it('shows the marks to a viewer without the editor, and the server refuses a student who tries to save', async () => {
    await login('student');
    const seed = await http().post<{ rows: { lessonId: string }[] }>(cloud('cloudLesson/getOnDemandLessonPage'), { pageNum: 1, pageSize: 1 });
    const lessonId = seed.rows[0]!.lessonId;
    const [resource] = await http().get<{ resourceId: string }[]>(cloud('cloudLesson/getResourceVideo'), { lessonId });
    el = mountPlayer({ 'lesson-id': lessonId, 'edit-marks': '' });
    const field = await waitFor(() => $<HTMLInputElement>(el, 'input[name="markTitle"]'), { message: 'the editor loaded' });
    field.focus();
    await sendKeys({ type: '学生的要点' });
    await waitFor(() => !$<HTMLButtonElement>(el, '[part="marks-editor"] button[type="submit"]')!.disabled);
    $<HTMLButtonElement>(el, '[part="marks-editor"] button[type="submit"]')!.click();
    const alert = await waitFor(() => $(el, '[part="marks-editor"] [role="alert"]'), { message: 'the refusal is shown' });
    expect(alert.textContent).to.contain('要点保存失败');
    expect((await storedMarks(resource!.resourceId)).some((m) => m.title === '学生的要点')).to.equal(false);
  });
});
