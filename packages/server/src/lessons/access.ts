/**
 * Who may do what with lessons. Administrators (spec §6 admin roles plus the cloud-school
 * administrator CC_YXGLY) manage every lesson; a teacher manages the lessons they created or teach;
 * everyone, signed in or not, sees published lessons. Routes run these as `preValidation` hooks:
 * a caller without a token learns 4010001, not which body fields are missing.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { BACKOFFICE_WRITE_ROLES } from '@dscloud/sdk/codes';
import { Codes } from '@dscloud/sdk/errors';
import type { AppContext } from '../context.js';
import { AppError } from '../http/appError.js';
import { extractToken, type AuthUser } from '../http/guard.js';

/** The back-office administrators (one list, in `@dscloud/sdk/codes`). */
export const ADMIN_ROLE_CODES: readonly string[] = BACKOFFICE_WRITE_ROLES;

/** Identity code of teachers (spec §6). */
export const TEACHER_IDENTITY = 5;

export function isAdmin(auth: AuthUser | null): boolean {
  return auth !== null && auth.roles.some((r) => ADMIN_ROLE_CODES.includes(r.roleCode));
}

export function isTeacher(auth: AuthUser | null): boolean {
  return auth !== null && (auth.user.identityCode === TEACHER_IDENTITY || isAdmin(auth));
}

export interface OwnedLesson {
  publishStatus: number;
  createdBy: string | null;
  teacherUserId: string | null;
}

export function ownsLesson(lesson: OwnedLesson, auth: AuthUser | null): boolean {
  if (!auth) return false;
  return lesson.createdBy === auth.user.id || lesson.teacherUserId === auth.user.id;
}

export function canManageLesson(lesson: OwnedLesson, auth: AuthUser | null): boolean {
  return isAdmin(auth) || ownsLesson(lesson, auth);
}

/** Unpublished lessons exist only for their owner and administrators; to anyone else they are unknown. */
export function canSeeLesson(lesson: OwnedLesson, auth: AuthUser | null): boolean {
  return lesson.publishStatus === 1 || canManageLesson(lesson, auth);
}

/**
 * For public routes that answer more to a signed-in user (their own unpublished lessons, "collected").
 * A token that is sent is checked like on any protected route, so an expired one still triggers the
 * client's refresh instead of silently browsing as a guest.
 */
export function optionalUser(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function (request: FastifyRequest, reply: FastifyReply) {
    if (extractToken(request) === null) return;
    await ctx.guard.requireUser.call(this, request, reply);
  };
}

export function requireTeacher(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function (request: FastifyRequest, reply: FastifyReply) {
    await ctx.guard.requireUser.call(this, request, reply);
    if (!isTeacher(request.auth)) throw new AppError(Codes.FORBIDDEN, '只有教师和管理员可以管理课程');
  };
}

