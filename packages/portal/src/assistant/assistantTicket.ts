import { createSsoApi } from '@dscloud/sdk/sso';
import type { HttpClient } from '@dscloud/sdk/http';

/**
 * The assistant page's address for the signed-in user: the configured `common.ai.pageUrl` with a
 * signed, short-lived, single-use ticket (docs/sso.md) — never the login token. Asked anew each time
 * the window opens, since a ticket serves once.
 */
export async function assistantUrl(http: HttpClient): Promise<string> {
  const grant = await createSsoApi(http).ticket('aiAssistant', { silent: true });
  return grant.url;
}
