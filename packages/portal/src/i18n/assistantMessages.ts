/** Words of the AI assistant (header button and its window) and the help widget's place in the shell. */
export const assistantZh = {
  'assistant.open': 'AI 助手',
  'assistant.title': 'AI 助手',
  'assistant.fullscreen': '全屏',
  'assistant.exitFullscreen': '退出全屏',
  'assistant.close': '关闭',
  'assistant.loading': '正在打开 AI 助手…',
  'assistant.frame': 'AI 助手页面',
  'assistant.retry': '重试',
};

export const assistantEn: Record<keyof typeof assistantZh, string> = {
  'assistant.open': 'AI assistant',
  'assistant.title': 'AI assistant',
  'assistant.fullscreen': 'Full screen',
  'assistant.exitFullscreen': 'Exit full screen',
  'assistant.close': 'Close',
  'assistant.loading': 'Opening the AI assistant…',
  'assistant.frame': 'AI assistant page',
  'assistant.retry': 'Retry',
};
