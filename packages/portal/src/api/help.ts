import type { Platform } from '@dscloud/sdk';
import { createHelpApi, createHelpManageApi } from '@dscloud/sdk/help';

/** The help centre and feedback calls of the portal; writes are `silent` (the screens show the server's words). */
export function helpApi(platform: Platform) {
  const api = createHelpApi(platform.http);
  const manage = createHelpManageApi(platform.http);
  const quiet = { silent: true } as const;
  return {
    articles: api.articles,
    article: api.article,
    send: (input: Parameters<typeof api.sendFeedback>[0]) => api.sendFeedback(input, quiet),
    mine: api.myFeedback,
    list: manage.list,
    counts: manage.counts,
    reply: (body: Parameters<typeof manage.reply>[0]) => manage.reply(body, quiet),
    setStatus: (body: Parameters<typeof manage.setStatus>[0]) => manage.setStatus(body, quiet),
    saveArticle: (body: Parameters<typeof manage.saveArticle>[0]) => manage.saveArticle(body, quiet),
    deleteArticles: (ids: string[]) => manage.deleteArticles(ids, quiet),
  };
}

export type HelpPortalApi = ReturnType<typeof helpApi>;
