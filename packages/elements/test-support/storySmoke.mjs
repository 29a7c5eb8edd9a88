// Opens every built story (storybook-static) in Chromium and checks that it renders the state it
// names, play functions included. Run after `npm run storybook:build`:
//   node packages/elements/test-support/storySmoke.mjs
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

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
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;
const index = JSON.parse(await readFile(path.join(root, 'index.json'), 'utf8'));
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--headless=new', ...CHROMIUM_ARGS],
});
let failed = 0;
let passed = 0;
try {
  for (const id of Object.keys(index.entries).filter((key) => index.entries[key].type === 'story')) {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`);
    const wanted = expectations[id] ?? [];
    try {
      for (const text of wanted) await page.getByText(text, { exact: false }).first().waitFor({ timeout: 15000 });
      if (!wanted.length) throw new Error('no expectation written for this story');
      if (errors.length) throw new Error(errors.join('; '));
      console.log(`ok   ${id}`);
      passed++;
    } catch (error) {
      failed++;
      console.log(`FAIL ${id}: ${error.message.split('\n')[0]}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`stories: ${passed} passed, ${failed} failed`);
process.exitCode = failed || !passed ? 1 : 0;
