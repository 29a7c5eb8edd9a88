// Opens every built story (storybook-static) in Chromium and checks that it renders the state it
// names, play functions included. Run after `npm run storybook:build`:
//   node packages/elements/test-support/storySmoke.mjs
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH, headlessArgs } from '../../../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../storybook-static');
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** What each story must show once rendered (and played). */
const expectations = {
  'elements-ds-login--idle': ['账号', '密码', '登录'],
  'elements-ds-login--validation-errors': ['请输入账号', '请输入密码'],
  'elements-ds-login--submitting': ['登录中…'],
  'elements-ds-login--server-error': ['用户名或密码错误'],
  'elements-ds-login--captcha-modal': ['请完成安全验证', '换一张'],
  'elements-ds-login--remember-password-shown': ['记住密码', '忘记密码'],
  'elements-ds-login--wechat-icon-shown': ['其他登录方式'],
  'elements-ds-login--deploy-failure-dialog': ['用户登录失败', '知道了'],
  'elements-ds-login--english': ['Account', 'Password', 'Log in'],
  'elements-ds-lesson-player--cover': ['收起选集', '英语·Hello!', '正在播放'],
  'elements-ds-lesson-player--playing-with-playlist': ['数学·认识图形', '选集'],
  'elements-ds-lesson-player--unsupported-format': ['不支持的视频格式'],
  'elements-ds-lesson-player--with-notes': ['写笔记', '白日依山尽', '更上一层楼'],
  'elements-ds-lesson-player--english': ['Hide episodes', 'Now playing'],
  'elements-ds-lesson-player--end-time': ['数学·认识图形'],
  'tools-function--edit': ['函数图像', 'f1 ∩ f2: (0, 0)', '添加函数'],
  'tools-function--bad-formula': ['公式不完整：括号未闭合'],
  'tools-function--parabolas': ['b = 1'],
  'tools-function--view': ['函数图像', '交点'],
  'tools-function--english': ['Function graph', 'Intersections'],
  'tools-pinyin--edit': ['chūn', '演示笔顺'],
  'tools-pinyin--polyphone-override': ['shuì'],
  'tools-pinyin--view': ['chūn', '描红练习'],
  'tools-pinyin--english': ['Animate strokes'],
  'tools-fltg--tian-grid': ['xiǎo', '田字格'],
  'tools-fltg--mi-grid': ['米字格练习'],
  'tools-fltg--two-pages': ['第一单元 生字', 'tiān'],
  'tools-fltg--view': ['生字练习'],
  'tools-fltg--english': ['Tian grid', 'Print (A4)'],
  'tools-game-template--edit-matching': ['连连看（配对）', '床前明月光'],
  'tools-game-template--edit-quiz-incomplete': ['第 1 题：请选择正确答案'],
  'tools-game-template--play-matching': ['疑是地上霜'],
  'tools-game-template--play-ordering': ['检查顺序'],
  'tools-game-template--play-quiz': ['孟浩然'],
  'tools-game-template--quiz-results': ['得分：1 / 1'],
  'tools-game-template--english': ['Matching pairs'],
  'tools-whiteboard--empty': ['白板'],
  'tools-whiteboard--saved-scene': ['白板'],
  'tools-whiteboard--view': ['白板'],
  'tools-whiteboard--english': ['Whiteboard'],
  'elements-ds-uploader--idle': ['将文件拖到此处，或', '选择文件'],
  'elements-ds-uploader--dragging': ['松开鼠标即可添加文件'],
  'elements-ds-uploader--validating': ['检查视频编码'],
  'elements-ds-uploader--hashing': ['计算MD5 42%'],
  'elements-ds-uploader--uploading': ['上传中', '/秒'],
  'elements-ds-uploader--paused': ['已暂停', '继续'],
  'elements-ds-uploader--failed': ['失败：', '重试'],
  'elements-ds-uploader--done': ['已完成'],
  'elements-ds-uploader--instant-done': ['秒传完成'],
  'elements-ds-uploader--validation-notices': ['已排除不符合上传格式的文件', '请上传大于0KB的文件', '每个文件不能超过10MB', '已达到最大上传数量'],
  'elements-ds-uploader--waiting-for-network': ['网络已断开，恢复后自动继续'],
  'reference-elements--login': ['<ds-login>', 'api-base', 'ds-login-success', '--ds-color-primary'],
  'reference-elements--uploader': ['<ds-uploader>', 'max-size', 'ds-upload-complete', 'Parts (::part)'],
  'reference-elements--lesson-player': ['<ds-lesson-player>', 'lesson-id', 'ds-player-ended', 'Custom properties'],
  'elements-ds-activity-list--activities': ['2026 年基础教育精品课遴选', '距上传截止', '距报名开始', '距评审结束', '报名 128 人 · 作品 37 件', '已结束'],
  'elements-ds-activity-list--loading': ['正在加载活动…'],
  'elements-ds-activity-list--empty': ['暂无征集活动'],
  'elements-ds-activity-list--load-error': ['活动列表加载失败', '服务器内部错误', '重试'],
  'elements-ds-activity-list--paging': ['第 2 / 3 页，共 12 个活动', '上一页'],
  'elements-ds-activity-list--portal-links': ['报名', '查看'],
  'elements-ds-activity-list--invalid-status': ['status 属性「open」无效'],
  'elements-ds-activity-list--english': ['Upload closes in', 'Sign-up opens in', 'Review ends in', '128 signed up · 37 works'],
  'reference-elements--activity-list': ['<ds-activity-list>', 'portal-url', 'ds-activity-select', 'Parts (::part)'],
  'elements-ds-help-widget--collapsed': ['帮助'],
  'elements-ds-help-widget--open': ['微信端', 'TV端', '帮助中心', '0571-88880001', '400-800-1234转2', '意见反馈'],
  'elements-ds-help-widget--open-with-minimal-settings': ['帮助中心', '意见反馈'],
  'elements-ds-help-widget--we-chat-dialog': ['微信端', '请扫描二维码'],
  'elements-ds-help-widget--tv-dialog': ['TV端', '请扫描二维码'],
  'elements-ds-help-widget--visitor-feedback': ['需要登录后查看，是否登录？', '取消'],
  'elements-ds-help-widget--feedback-form': ['反馈类型', '功能异常', '反馈内容', '添加截图', '同时发送当前页面地址'],
  'elements-ds-help-widget--feedback-invalid': ['请填写反馈内容（content）'],
  'elements-ds-help-widget--feedback-sent': ['反馈已提交，感谢您的反馈！'],
  'elements-ds-help-widget--english': ['Help centre', 'Feedback'],
  'reference-elements--help-widget': ['<ds-help-widget>', 'help-url', 'ds-feedback-sent', 'Parts (::part)'],
  'elements-ds-uploader--english': ['Files not matching the allowed upload formats were excluded', 'Uploading'],
  'elements-ds-tool-editor--new-mind-map': ['保存', '撤销', '重做', '从章节生成'],
  'elements-ds-tool-editor--opened-mind-map': ['分数的初步认识', '认识几分之一'],
  'elements-ds-tool-editor--view-mode': ['只读', '认识几分之一'],
  'elements-ds-tool-editor--e-textbook': ['教材版本', '尚未选择节点'],
  'elements-ds-tool-editor--unknown-tool': ['tool 属性「other」无效'],
  'elements-ds-tool-editor--english': ['Save', 'Undo', 'Build from chapter'],
};

const server = createServer(async (req, res) => {
  const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname));
  try {
    const body = await readFile(file.endsWith('/') ? path.join(file, 'index.html') : file);
    // Cacheable: every story loads the same preview bundle, fetched and compiled once, not once per story.
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const index = JSON.parse(await readFile(path.join(root, 'index.json'), 'utf8'));
const browser = await chromium.launch({
  executablePath: TEST_CHROMIUM_PATH,
  args: [...headlessArgs(TEST_CHROMIUM_PATH), ...CHROMIUM_ARGS],
});
let failed = 0;
let passed = 0;

/**
 * A lane of stories: one page that opens one story after the other. Each story is a new document (a
 * fresh global and module state); the page's storage is emptied between stories, so no story sees what
 * another left. The renderer and its compiled preview bundle stay, which makes a story about a third of
 * the CPU of a new page per story.
 */
async function lane() {
  let page;
  const errors = [];
  const openPage = async () => {
    page = await browser.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
  };
  await openPage();
  return {
    /** Opens one story and waits for the texts it must show; a story with none written fails. */
    async check(id) {
      const started = performance.now();
      errors.length = 0;
      try {
        await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`);
        const wanted = expectations[id] ?? [];
        for (const text of wanted) await page.getByText(text, { exact: false }).first().waitFor({ timeout: 30_000 });
        if (!wanted.length) throw new Error('no expectation written for this story');
        if (errors.length) throw new Error(errors.join('; '));
        console.log(`ok   ${id} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
        passed++;
      } catch (error) {
        failed++;
        console.log(`FAIL ${id}: ${error.message.split('\n')[0]}`);
      }
      // Leave nothing for the next story: its storage emptied, or a new page when this one broke.
      const cleared = await page
        .evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
          return true;
        })
        .catch(() => false);
      if (!cleared) {
        await page.close().catch(() => {});
        await openPage();
      }
    },
    close: () => page.close(),
  };
}
try {
  // Three lanes at a time: a page mostly waits for its story to render.
  const queue = Object.keys(index.entries).filter((key) => index.entries[key].type === 'story');
  await Promise.all(
    Array.from({ length: 3 }, async () => {
      const stories = await lane();
      while (queue.length) await stories.check(queue.shift());
      await stories.close();
    }),
  );
} finally {
  await browser.close();
  server.close();
}
console.log(`stories: ${passed} passed, ${failed} failed`);
process.exitCode = failed || !passed ? 1 : 0;
