import { Codes, SESSION_ENDING_CODES } from '../errors/catalogue.js';
import { DsError } from '../errors/DsError.js';
import type { HttpClient } from '../http/client.js';
import { createLoader, type Loader } from '../config/loader.js';
import { NO_RETRY } from '../http/retryPolicy.js';
import type { Session } from '../session/session.js';
import type { Clock } from '../util/clock.js';
import { ERROR_NOTICE_DURATION, type Notify } from '../util/notice.js';
import { createStore } from 'zustand/vanilla';
import { readonly, type ReadonlyStore } from '../util/readonlyStore.js';
import {
  adminInfoOf,
  canSeeManagement,
  classTeacherInfoOf,
  isParent,
  isStudent,
  isTeacher,
  normalizeUser,
  researcherInfoOf,
  teachingDirectorInfoOf,
} from './roles.js';
import type { AdminInfo, ClassTeacherInfo, CurrentUser, ResearcherInfo, TeachingDirectorInfo } from './types.js';

export interface UserState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  user: Readonly<CurrentUser> | null;
  adminInfo: AdminInfo;
  researcherInfo: ResearcherInfo;
  classTeacherInfo: ClassTeacherInfo;
  teachingDirectorInfo: TeachingDirectorInfo;
  /** Null until asked (and while logged out). */
  isAuditPerson: boolean | null;
  isTeacher: boolean;
  isStudent: boolean;
  isParent: boolean;
  canSeeManagement: boolean;
  error?: DsError;
}

export interface UserService extends ReadonlyStore<UserState> {
  load(): Promise<Readonly<CurrentUser>>;
  /** Asks the server whether the user reviews activity works; false without a token, no call made. */
  isAuditPerson(): Promise<boolean>;
  reset(): void;
  readonly loader: Loader<CurrentUser>;
}

export interface UserServiceOptions {
  http: HttpClient;
  session: Pick<Session, 'getState' | 'subscribe'>;
  clock?: Clock;
  notify?: Notify;
}

function derive(user: Readonly<CurrentUser> | null, auditPerson: boolean | null): Omit<UserState, 'status' | 'error'> {
  return {
    user,
    adminInfo: Object.freeze(adminInfoOf(user)),
    researcherInfo: Object.freeze(researcherInfoOf(user)),
    classTeacherInfo: Object.freeze(classTeacherInfoOf(user)),
    teachingDirectorInfo: Object.freeze(teachingDirectorInfoOf(user)),
    isAuditPerson: auditPerson,
    isTeacher: isTeacher(user),
    isStudent: isStudent(user),
    isParent: isParent(user),
    canSeeManagement: canSeeManagement(user, auditPerson === true),
  };
}

/** Failures the session already told the user about ("登录已过期"): no second notice. */
const sessionEnded = (error: DsError) => {
  const cause = error.cause as { code?: number } | undefined;
  const code = cause?.code ?? -1;
  return SESSION_ENDING_CODES.has(code) || code === Codes.TOKEN_EXPIRED || code === Codes.SESSION_REPLACED;
};

export function createUserService(options: UserServiceOptions): UserService {
  const { http, session } = options;
  const loader = createLoader<CurrentUser>({
    ...(options.clock ? { clock: options.clock } : {}),
    retry: NO_RETRY,
    failureCode: Codes.USER_INFO_LOAD_FAILED,
    fetch: async () => normalizeUser(await http.get<CurrentUser>(http.paths.base('/v1/user/current'), undefined, { silent: true })),
    onFailure: (error) => {
      if (!sessionEnded(error)) options.notify?.({ kind: 'error', message: error.message, duration: ERROR_NOTICE_DURATION });
    },
  });
  const store = createStore<UserState>(() => ({ status: 'idle', ...derive(null, null) }));
  let auditPerson: boolean | null = null;

  const sync = () => {
    const state = loader.getState();
    store.setState(
      { status: state.status, ...derive(state.value, auditPerson), ...(state.error ? { error: state.error } : {}) },
      true,
    );
  };
  loader.subscribe(sync);

  // A logout, or a new login (another person, perhaps), makes the loaded user stale; a refresh does not.
  session.subscribe((state, previous) => {
    if (state.loginSeq === previous.loginSeq && (state.token !== null) === (previous.token !== null)) return;
    auditPerson = null;
    loader.reset();
  });

  return {
    ...readonly(store),
    loader,
    load: () => loader.ready(),
    async isAuditPerson() {
      if (!session.getState().token) return false;
      const data = await http.get<{ isAuditPerson?: boolean } | boolean>(
        http.paths.cloudSchool('/v1/activityAuditPerson/isAuditPerson'),
        undefined,
        { silent: true },
      );
      auditPerson = typeof data === 'boolean' ? data : !!data?.isAuditPerson;
      sync();
      return auditPerson;
    },
    reset() {
      auditPerson = null;
      loader.reset();
    },
  };
}
