import type { Lang } from './messages.js';

/** Words of the key points (导学要点) on the time line and of the teacher's editor. */
const text = {
  'zh-CN': {
    marks: '视频要点',
    markAt: (time: string, title: string) => `${time} ${title}，跳到此处`,
    editTitle: '编辑视频要点',
    newMark: (time: string) => `要点标题（记下 ${time}）`,
    markPlaceholder: '例如：导入、重点讲解、课堂小结',
    addMark: '添加要点',
    removeMark: (time: string, title: string) => `删除 ${time} 的要点“${title}”`,
    remove: '删除',
    saving: '保存中…',
    noMarks: '这段视频还没有要点',
    saveFailed: '要点保存失败',
  },
  en: {
    marks: 'Key points',
    markAt: (time: string, title: string) => `${time} ${title}, go there`,
    editTitle: 'Edit key points',
    newMark: (time: string) => `Key point title (at ${time})`,
    markPlaceholder: 'e.g. Warm-up, Main idea, Summary',
    addMark: 'Add key point',
    removeMark: (time: string, title: string) => `Delete the key point “${title}” at ${time}`,
    remove: 'Delete',
    saving: 'Saving…',
    noMarks: 'This video has no key points yet',
    saveFailed: 'The key points could not be saved',
  },
};

export type MarksMessages = (typeof text)['zh-CN'];

export function marksMessages(lang: Lang): MarksMessages {
  return text[lang] ?? text['zh-CN'];
}
