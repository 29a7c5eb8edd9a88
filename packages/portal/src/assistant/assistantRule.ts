/**
 * Who sees the AI assistant (spec §2: one bureau only, logged in). The bureau is the platform setting
 * `common.ai.bureauId`; a user belongs to it when it is their own unit or one above it — the ids the
 * current user answer carries for that chain (`bureauId` is the user's unit: a school for teachers,
 * students and parents, the bureau itself for its staff; then district, parent and top organisation).
 * The server applies the same rule (the whole chain) before it issues the assistant's ticket.
 */
import type { CurrentUser } from '@dscloud/sdk/user';

export interface AssistantViewer {
  loggedIn: boolean;
  user: Readonly<CurrentUser> | null;
  /** `common.ai.bureauId`; empty: nobody sees the assistant. */
  bureauId: string;
}

/** The organisation ids of the user's chain, from their unit up. */
export function organisationChain(user: Readonly<CurrentUser>): string[] {
  return [user.bureauId, user.districtId, user.parentOrgId, user.topOrgId]
    .filter((id) => id !== undefined && id !== null && id !== '')
    .map((id) => String(id));
}

export function assistantVisible({ loggedIn, user, bureauId }: AssistantViewer): boolean {
  const bureau = bureauId.trim();
  if (!loggedIn || !user || !bureau) return false;
  return organisationChain(user).includes(bureau);
}
