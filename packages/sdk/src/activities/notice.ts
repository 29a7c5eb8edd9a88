/**
 * The activity notice (活动简介) is HTML written in the back-office editor and cleaned by the server
 * before it is stored. Both sides read their limit and their words from here, and the samples below
 * are the contract between them: the HTML the editor produces for each format its toolbar offers,
 * which the server's sanitiser must keep byte for byte (tested on both sides).
 */

/** The longest notice the server stores, in UTF-16 code units of its cleaned HTML (tags included). */
export const DESCRIPTION_MAX = 50_000;

/** The refusal of a longer notice, in the words the server answers and the form shows. */
export function descriptionTooLong(max: number = DESCRIPTION_MAX): string {
  return `参数 description（活动说明）清理后长度不能超过 ${max} 个字符`;
}

/** One toolbar format and the HTML the editor writes for it. */
export interface NoticeFormatSample {
  format: string;
  html: string;
}

const LINK = 'target="_blank" rel="noopener noreferrer"';

export const NOTICE_FORMAT_SAMPLES: readonly NoticeFormatSample[] = [
  { format: 'paragraph', html: '<p>面向全市小学数学教师征集精品课 &amp; 微课，&lt;截止&gt;前提交“作品包”。</p>' },
  { format: 'heading2', html: '<h2>一、征集范围</h2>' },
  { format: 'heading3', html: '<h3>（一）学段</h3>' },
  { format: 'heading4', html: '<h4>1. 小学</h4>' },
  { format: 'bold', html: '<p>报名后<strong>认领课时</strong></p>' },
  { format: 'italic', html: '<p><em>以通知为准</em></p>' },
  { format: 'underline', html: '<p><u>须原创</u></p>' },
  { format: 'strike', html: '<p><s>纸质材料</s></p>' },
  { format: 'bulletList', html: '<ul><li><p>教学设计</p></li><li><p>课堂实录</p></li></ul>' },
  { format: 'orderedList', html: '<ol><li><p>报名</p></li><li><p>上传</p></li></ol>' },
  { format: 'blockquote', html: '<blockquote><p>作品一经提交不得更换。</p></blockquote>' },
  { format: 'link', html: `<p>详见<a ${LINK} href="https://example.org/notice?a=1&amp;b=2">通知原文</a></p>` },
  { format: 'mailto', html: `<p>咨询<a ${LINK} href="mailto:jyj@example.org">电子邮件</a></p>` },
  {
    format: 'table',
    html:
      '<table><tbody><tr><th><p>阶段</p></th><th><p>时间</p></th></tr>' +
      '<tr><td><p>报名</p></td><td><p>3 月</p></td></tr></tbody></table>',
  },
  { format: 'mergedCells', html: '<table><tbody><tr><th colspan="2"><p>日程</p></th></tr><tr><td><p>报名</p></td><td><p>3 月</p></td></tr></tbody></table>' },
  { format: 'hardBreak', html: '<p>第一行<br />第二行</p>' },
];
