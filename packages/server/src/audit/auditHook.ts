/**
 * Records every successful back-office write whose route declares an `AuditSpec` (management/access.ts)
 * and whose `when`, if any, holds: a snapshot of the named records before the handler runs, another once
 * the answer says it succeeded, and one appended row per record with the fields that changed. The row
 * is written before the answer leaves, so a client that saw 操作成功 can find the entry. A failed call
 * changes nothing and records nothing. Should the append itself fail, the change has already happened:
 * the answer still goes out and the failure is logged at error level for the operator.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '@dscloud/sdk/errors';
import type { Envelope } from '../http/envelope.js';
import type { AuditFields, AuditSpec } from './auditSpec.js';
import type { AuditEntry, AuditRepo } from './auditRepo.js';
import { fieldChanges } from './fieldChanges.js';

interface Pending {
  spec: AuditSpec;
  ids: readonly string[];
  before: ReadonlyMap<string, AuditFields>;
}

const pendingAudits = new WeakMap<FastifyRequest, Pending>();
const NOTHING: ReadonlyMap<string, AuditFields> = new Map();

export function installAuditHook(app: FastifyInstance, repo: AuditRepo, now: () => number): void {
  app.addHook('preHandler', async (request) => {
    const spec = request.routeOptions.config.audit;
    if (!spec) return;
    if (spec.when && !(await spec.when(request))) return;
    const ids = unique((await spec.ids?.(request)) ?? []);
    const before = spec.snapshot && ids.length > 0 ? await spec.snapshot(ids) : NOTHING;
    pendingAudits.set(request, { spec, ids, before });
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    const pending = pendingAudits.get(request);
    if (!pending) return payload;
    pendingAudits.delete(request);
    const answer = payload as Envelope<unknown> | null;
    if (!answer || typeof answer !== 'object' || answer.code !== Codes.OK) return payload;
    if (pending.spec.changedAnything && !pending.spec.changedAnything(answer.data)) return payload;
    try {
      await repo.append(await entriesFor(request, pending, answer.data, now()));
    } catch (err) {
      request.log.error({ err, action: pending.spec.action }, 'audit log append failed');
    }
    return payload;
  });
}

async function entriesFor(request: FastifyRequest, pending: Pending, data: unknown, at: number): Promise<AuditEntry[]> {
  const { spec, before } = pending;
  const ids = unique([...pending.ids, ...(spec.createdIds?.(data) ?? [])]);
  const after = spec.snapshot && ids.length > 0 ? await spec.snapshot(ids) : NOTHING;
  const auth = request.auth;
  const who = {
    at,
    actorUserId: auth?.user.id ?? null,
    actorName: auth?.user.displayName ?? '',
    actorRoles: auth?.roles.map((r) => r.roleCode) ?? [],
    ip: request.ip,
    action: spec.action,
    entity: spec.entity,
  };
  if (ids.length === 0) return [{ ...who, entityId: '', changes: {} }];
  return ids.map((id) => ({ ...who, entityId: id, changes: fieldChanges(before.get(id), after.get(id)) }));
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids.filter((id) => typeof id === 'string' && id !== ''))];
