/** The audit log of administrative actions: the recording hook and the read-only screen's calls. */
import type { DomainModule } from '../domainModule.js';
import { AuditRepo } from './auditRepo.js';
import { installAuditHook } from './auditHook.js';
import { auditRoutes } from './auditRoutes.js';

export const auditModule: DomainModule = {
  name: 'audit',
  async routes(app, ctx) {
    installAuditHook(app, new AuditRepo(ctx.db.orm), ctx.now);
    await auditRoutes(app, ctx);
  },
};
