/**
 * What the audit log records of one back-office write, declared beside the route:
 *
 *   const publishAudit: AuditSpec = {
 *     action: 'cloudLesson.publish',
 *     entity: 'cloudLesson',
 *     ids: (request) => (request.body as { lessonIds: string[] }).lessonIds,
 *     snapshot: (ids) => repo.auditFields(ids),
 *   };
 *
 * After the call succeeds, one row per record: who, when, from which address, the action, the record
 * and the fields that changed (snapshot before → after). A create names its new ids through
 * `createdIds`; a call about no record in particular (settings) may name none. A route that is a
 * back-office write only for some callers (an administrator editing a teacher's lesson, where the
 * teacher's own edit is not) says so with `when`.
 */
import type { FastifyRequest } from 'fastify';

export type AuditFields = Record<string, unknown>;

export interface AuditSpec {
  /** `<entity>.<verb>`, e.g. `cloudLesson.publish`; the audit screen filters by it. */
  action: string;
  /** The kind of record, e.g. `cloudLesson`, `teacherInfo`, `platformSettings`. */
  entity: string;
  /**
   * Whether this call is recorded at all (default: yes), decided before the handler runs, so from the
   * records as they were: e.g. "the caller does not own the lesson".
   */
  when?(request: FastifyRequest): boolean | Promise<boolean>;
  /** The records the call changes, as the request names them (or as they are found from it). */
  ids?(request: FastifyRequest): readonly string[] | Promise<readonly string[]>;
  /** The fields worth comparing, by record id; records that do not exist are absent. No secrets. */
  snapshot?(ids: readonly string[]): Promise<ReadonlyMap<string, AuditFields>>;
  /** The ids of records a create made, read from the answer's `data`. */
  createdIds?(data: unknown): readonly string[];
  /**
   * Whether an answer that succeeded changed anything (default: yes). A call that answers 200 with
   * "nothing done" (an import refused row by row) records nothing.
   */
  changedAnything?(data: unknown): boolean;
}
