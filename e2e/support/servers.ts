import { inject } from 'vitest';

/** This worker's server and bureau site (globalSetup.ts starts one pair per worker). */
function mine(): { baseUrl: string; bureauUrl: string } {
  const servers = inject('servers');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID) || 1);
  return servers[(worker - 1) % servers.length]!;
}

/** The platform's address (portal and API) for this test file. */
export const baseUrl = (): string => mine().baseUrl;

/** The bureau's site that embeds the platform's elements, for this test file. */
export const bureauUrl = (): string => mine().bureauUrl;
