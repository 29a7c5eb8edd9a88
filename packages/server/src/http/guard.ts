/**
 * The one permission gate. Protected routes add `preHandler: guard.requireUser` (or
 * `guard.requireRoles([...])`); public routes say `config: { public: true }` so that the route walk in
 * the tests can tell a forgotten guard from an intended public call.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import { AppError } from './appError.js';
import type { SessionCache } from '../auth/sessionCache.js';
import type { RoleRow, UserRow } from '../users/usersRepo.js';

export interface AuthUser {
  user: UserRow;
  roles: RoleRow[];
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Marks a route that answers without a token. */
    public?: boolean;
  }
}

/** `Authorization: <token>` or `Authorization: Bearer <token>`; null when absent or blank. */
export function extractToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  // `Bearer` alone (a client that had no token to put after it) is no token, as a blank header is.
  const value = header.trim().replace(/^Bearer(\s+|$)/i, '').trim();
  return value === '' || value.toLowerCase() === 'null' || value.toLowerCase() === 'undefined' ? null : value;
}

export interface Guard {
  requireUser: preHandlerAsyncHookHandler;
  requireRoles(roleCodes: readonly string[]): preHandlerAsyncHookHandler;
}

export function createGuard(sessions: SessionCache): Guard {
  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    if (request.auth) return request.auth;
    const token = extractToken(request);
    if (!token) throw new AppError(Codes.TOKEN_NOT_FOUND);
    if (token.length > 512) throw new AppError(Codes.TOKEN_INVALID);
    const { row, user, roles } = await sessions.resolve(token);
    if (!user) throw new AppError(Codes.TOKEN_INVALID);
    if (user.disabled) throw new AppError(Codes.USER_FORBIDDEN);
    request.auth = { user, roles, tokenHash: row.tokenHash };
    return request.auth;
  }

  const requireUser: preHandlerAsyncHookHandler = async function (request: FastifyRequest, _reply: FastifyReply) {
    await authenticate(request);
  };

  return {
    requireUser,
    requireRoles(roleCodes) {
      const wanted = new Set(roleCodes);
      return async function (request: FastifyRequest, _reply: FastifyReply) {
        const auth = await authenticate(request);
        if (!auth.roles.some((r) => wanted.has(r.roleCode))) throw new AppError(Codes.FORBIDDEN);
      };
    },
  };
}
