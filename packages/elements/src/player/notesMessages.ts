import type { Lang } from './messages.js';

/** Words of the notes panel, which loads on its own (LessonNotes). */
const text = {
  'zh-CN': {
    notes: '笔记',
    newNote: '写笔记（记下当前时间）',
    noteLabel: (time: string) => `记录 ${time} 处的笔记`,
    notePlaceholder: '边看边记，保存时记下当前时间',
    saveNote: '保存笔记',
    saving: '保存中…',
    noNotes: '还没有笔记',
    seekTo: (time: string) => `跳转到 ${time}`,
    deleteNote: (time: string) => `删除 ${time} 的笔记`,
    delete: '删除',
    noteFailed: '笔记保存失败',
    clearNotes: '清空本课笔记',
    clearConfirm: (n: number) => `确定删除本课的全部 ${n} 条笔记吗？删除后无法恢复。`,
    clearYes: '确定删除',
    clearNo: '取消',
    clearing: '删除中…',
    clearFailed: '删除失败，请重试',
  },
  en: {
    notes: 'Notes',
    newNote: 'Write a note (keeps the current time)',
    noteLabel: (time: string) => `Note at ${time}`,
    notePlaceholder: 'Write while you watch; the current time is kept',
    saveNote: 'Save note',
    saving: 'Saving…',
    noNotes: 'No notes yet',
    seekTo: (time: string) => `Go to ${time}`,
    deleteNote: (time: string) => `Delete the note at ${time}`,
    delete: 'Delete',
    noteFailed: 'The note could not be saved',
    clearNotes: 'Delete all my notes of this lesson',
    clearConfirm: (n: number) => `Delete all ${n} of your notes of this lesson? This cannot be undone.`,
    clearYes: 'Delete all',
    clearNo: 'Cancel',
    clearing: 'Deleting…',
    clearFailed: 'The notes could not be deleted, please try again',
  },
};

export type NotesMessages = (typeof text)['zh-CN'];

export function notesMessages(lang: Lang): NotesMessages {
  return text[lang] ?? text['zh-CN'];
}
