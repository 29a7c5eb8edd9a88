/**
 * The one way a back-office route opens: spread `managed(ctx, access, audit)` into its options.
 *
 *   app.post(`${P}/publish`, { ...managed(ctx, 'write', publishAudit), schema: { body } }, handler)
 *
 * It checks the token and the role (401/403 before the body is even validated), puts the caller's
 * `OrgScope` on `request.scope`, marks the route for the RBAC walk (test/rbac.test.ts) and, for
 * writes, names what the audit log records (audit/auditSpec.ts).
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.js';
import type { AuditSpec } from '../audit/auditSpec.js';
import { scopeFor, type OrgScope } from './orgScope.js';
import { ROLES_BY_ACCESS, type ManageAccess } from './roles.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's reach in the organisation tree, set by `managed()` routes; null elsewhere. */
    scope: OrgScope | null;
  }
  interface FastifyContextConfig {
    /** Set by `managed()`: which back-office roles the route opens to. */
    management?: ManageAccess;
    /** Set by `managed()` for writes: what the audit log records of a successful call. */
    audit?: AuditSpec;
  }
}

export interface ManagedRouteOptions {
  preValidation: preHandlerAsyncHookHandler;
  config: { management: ManageAccess; audit?: AuditSpec };
}

export function managed(ctx: AppContext, access: ManageAccess, audit?: AuditSpec): ManagedRouteOptions {
  const allowed = ROLES_BY_ACCESS[access];
  const requireRole = ctx.guard.requireRoles(allowed);
  const preValidation: preHandlerAsyncHookHandler = async function (this: unknown, request: FastifyRequest, reply: FastifyReply) {
    await requireRole.call(this as never, request, reply);
    request.scope = await scopeFor(ctx.db.orm, request.auth?.roles ?? [], allowed);
  };
  return { preValidation, config: audit ? { management: access, audit } : { management: access } };
}
