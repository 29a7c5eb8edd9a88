/**
 * The error catalogue of the platform (spec §8) plus the codes this product added in the same style.
 * One table shared by the SDK (messages shown to users) and the reference server (answers it sends),
 * so that client and server agree by construction. Pure data: no I/O, no framework.
 */

export type Locale = 'zh-CN' | 'en';

export interface CatalogueEntry {
  /** Standard HTTP status the server answers with for this code. */
  http: number;
  'zh-CN': string;
  en: string;
}

/** Codes by name, for readable branching (`err.code === Codes.TOKEN_EXPIRED`). */
export const Codes = {
  OK: 200,
  SAVED: 201,
  QUEUED: 202,
  DELETED: 204,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
  NETWORK_UNAVAILABLE: 504001,

  TOKEN_NOT_FOUND: 4010001,
  CLIENT_TOKEN_ERROR: 4010002,
  TOKEN_EXPIRED: 4010003,
  UA_UNSUPPORTED: 4010004,
  TOKEN_INVALID: 4010005,
  USER_FORBIDDEN: 4030001,
  CLIENT_NO_PERMISSION: 4030002,
  CLIENT_INVALID: 4030003,
  UNSUPPORTED_FILE_TYPE: 4150001,
  WRONG_CREDENTIALS: 4200001,
  SERVICE_TICKET_ERROR: 4200002,
  USERNAME_EMPTY: 4200003,
  PASSWORD_EMPTY: 4200004,
  MISSING_PARAMETER: 4200005,
  PHONE_EXISTS: 4090001,
  USERNAME_EXISTS: 4090002,
  NAME_EXISTS: 4090003,
  CODE_EXISTS: 4090004,
  ENGLISH_NAME_EXISTS: 4090005,
  UNKNOWN_SERVER_ERROR: 5000001,
  EMPTY_FILE: 5000002,
  IMPORT_FIELD_ERROR: 5000003,
  IMPORT_FIELD_CLASH: 5000004,
  FIELD_NOT_IN_DATABASE: 5000005,
  DAO_NOT_FOUND: 5000006,
  UPLOAD_FAILED: 5000007,
  SENSITIVE_WORD: 5000008,
  JSON_FORMAT_ERROR: 5000009,
  MISSING_REQUEST_PARAMETER: 5000010,
  NO_UPLOAD_PERMISSION: 2510109,
  LESSON_DELETE_WARNING: 2810137,

  // Added by this product, same style (documented in docs/api.md).
  CAPTCHA_REQUIRED: 4200006,
  CAPTCHA_INVALID: 4200007,
  LOGIN_RATE_LIMITED: 4290001,
  ACCOUNT_LOGIN_DELAYED: 4290002,
  DEPLOY_LOGIN_FAILED: 4200008,
  CONFIG_LOAD_FAILED: 5000011,
  GLOBAL_CONFIG_MISSING: 5000012,
  USER_INFO_LOAD_FAILED: 5000013,
  STATE_LOCKED: 5000014,
  DATABASE_UNAVAILABLE: 5030001,
  SESSION_REPLACED: 4010006,
  // Upload (documented in docs/upload.md).
  FILE_EXTENSION_MISMATCH: 4150002,
  VIDEO_NOT_H264: 4150003,
  FILE_TOO_LARGE: 4130001,
  FILE_NAME_TOO_LONG: 4220002,
  UPLOAD_COUNT_EXCEEDED: 4220003,
  FILE_MD5_MISMATCH: 4220001,
  CHUNK_CONFLICT: 4090006,
  FILE_IO_FAILED: 5000015,
  FILE_INFO_QUERY_FAILED: 5000016,
  // A state machine was asked for a move its table forbids: a fault of the code, not of the user.
  ILLEGAL_TRANSITION: 5000017,
  STORAGE_FULL: 5070001,
  // Single sign-on and device shells (docs/sso.md, docs/device.md).
  SSO_TICKET_TAMPERED: 4010201,
  SSO_TICKET_EXPIRED: 4010202,
  SSO_TICKET_USED: 4010203,
  SSO_TICKET_MALFORMED: 4010204,
  SSO_WRONG_SERVICE: 4030201,
  SSO_TARGET_FORBIDDEN: 4030202,
  SSO_TARGET_NOT_CONFIGURED: 4040201,
  SSO_SERVICE_NOT_ALLOWED: 4030203,
  DEVICE_TOKEN_FAILED: 5000201,
  DEVICE_BRIDGE_TIMEOUT: 5040201,
  DEVICE_BRIDGE_FAILED: 5000202,
  DEVICE_CALL_UNSUPPORTED: 5010201,
  // Help centre and feedback (x0101–x0199).
  FEEDBACK_TYPE_INVALID: 4220101,
  FEEDBACK_CONTENT_INVALID: 4220102,
  FEEDBACK_CONTACT_INVALID: 4220103,
  FEEDBACK_SCREENSHOT_INVALID: 4220104,
  FEEDBACK_CONTEXT_INVALID: 4220105,
  FEEDBACK_REPLY_INVALID: 4220106,
  FEEDBACK_STATUS_INVALID: 4220107,
  HELP_ARTICLE_INVALID: 4220108,
  FEEDBACK_NOT_FOUND: 4040101,
  HELP_ARTICLE_NOT_FOUND: 4040102,
  // Lesson resource marks (documented in docs/api.md, "Learning").
  MARK_TITLE_EMPTY: 4220401,
  MARK_TIME_BEYOND_VIDEO: 4220402,
  MARK_TIME_TAKEN: 4220403,
  // Tool documents (<ds-tool-editor>, documented in docs/tools.md); sequence 0301–0399.
  TOOL_DOCUMENT_TOO_LARGE: 4130301,
  TOOL_DOCUMENT_NOT_JSON: 4220301,
  TOOL_DOCUMENT_WRONG_TOOL: 4220302,
  TOOL_CONVERSION_ERROR: 4220303,
  TOOL_DOCUMENT_CONFLICT: 4090301,
  // Lesson video processing (转码, docs/video.md).
  LESSON_VIDEO_NOT_FOUND: 4040501,
  VIDEO_NOT_RETRYABLE: 4090501,
  VIDEO_TRANSCODE_OFF: 5030501,
} as const;

export type CodeName = keyof typeof Codes;
export type Code = (typeof Codes)[CodeName];

const e = (http: number, zh: string, en: string): CatalogueEntry => ({ http, 'zh-CN': zh, en });

/** Every code with its HTTP status and a message safe to show, in Chinese first and English. */
export const catalogue: Readonly<Record<number, CatalogueEntry>> = Object.freeze({
  200: e(200, '成功', 'Success'),
  201: e(201, '保存成功', 'Saved'),
  202: e(202, '已加入队列', 'Queued'),
  204: e(204, '删除成功', 'Deleted'),
  400: e(400, '请求参数有误', 'Bad request'),
  401: e(401, '没有权限，请先登录', 'Not authorised, please log in'),
  403: e(403, '禁止访问', 'Forbidden'),
  404: e(404, '请求的资源不存在', 'Not found'),
  405: e(405, '请求方法不被允许', 'Method not allowed'),
  406: e(406, '请求的格式不可接受', 'Not acceptable'),
  408: e(408, '请求超时，请重试', 'Request timeout, please try again'),
  409: e(409, '数据冲突', 'Conflict'),
  410: e(410, '资源已不可用', 'Gone'),
  413: e(413, '请求内容过大', 'Payload too large'),
  415: e(415, '不支持的内容类型', 'Unsupported media type'),
  422: e(422, '数据校验失败', 'Validation failed'),
  429: e(429, '请求过于频繁，请稍后再试', 'Too many requests, please try again later'),
  500: e(500, '服务器内部错误', 'Internal server error'),
  502: e(502, '网关错误', 'Bad gateway'),
  503: e(503, '服务暂不可用', 'Service unavailable'),
  504: e(504, '网关超时', 'Gateway timeout'),
  504001: e(503, '网络不可用，请检查网络连接', 'Network unavailable, please check your connection'),

  4010001: e(401, '未找到登录凭证，请重新登录', 'Token not found, please log in again'),
  4010002: e(401, '客户端凭证错误', 'Client token error'),
  4010003: e(401, '登录已过期，请重新登录', 'Your session has expired, please log in again'),
  4010004: e(401, '不支持的客户端类型', 'Unsupported user agent (ua)'),
  4010005: e(401, '登录凭证无效，请重新登录', 'Token invalid, please log in again'),
  4010006: e(401, '已在其他页面登录了其他账号，请重新登录', 'Another account signed in from another tab, please log in again'),
  4030001: e(403, '用户已被禁用', 'User forbidden'),
  4030002: e(403, '客户端没有权限', 'Client has no permission'),
  4030003: e(403, '客户端无效', 'Client invalid'),
  4150001: e(415, '不支持的文件类型', 'Unsupported file type'),
  4200001: e(400, '用户名或密码错误', 'Wrong user name or password'),
  4200002: e(400, '服务票据错误', 'Service ticket error'),
  4200003: e(400, '请输入账号', 'Please enter your account'),
  4200004: e(400, '请输入密码', 'Please enter your password'),
  4200005: e(400, '缺少参数', 'Missing parameter'),
  4200006: e(400, '请先完成滑块验证', 'Please complete the slider captcha first'),
  4200007: e(400, '验证失败，请重试', 'Captcha verification failed, please try again'),
  4200008: e(400, '用户登录失败', 'User login failed'),
  4290001: e(429, '登录尝试过于频繁，请稍后再试', 'Too many login attempts, please try again later'),
  4290002: e(429, '该账号近期多次密码错误，为保护账号请稍后再试', 'Too many failed logins on this account; please try again later'),
  4090001: e(409, '手机号已存在', 'Phone number already exists'),
  4090002: e(409, '用户名已存在', 'User name already exists'),
  4090003: e(409, '名称已存在', 'Name already exists'),
  4090004: e(409, '编码已存在', 'Code already exists'),
  4090005: e(409, '英文名称已存在', 'English name already exists'),
  5000001: e(500, '服务器未知异常', 'Unknown server exception'),
  5000002: e(400, '文件为空', 'Empty file'),
  5000003: e(400, '导入字段异常', 'Import field exception'),
  5000004: e(409, '导入字段冲突', 'Import field clash'),
  5000005: e(500, '数据库中未找到该字段', 'Field not found in database'),
  5000006: e(500, '未找到数据访问对象', 'DAO not found'),
  5000007: e(500, '文件上传失败，请稍后重试', 'File upload failed, please retry later'),
  5000008: e(400, '内容包含敏感词', 'Content contains a sensitive word'),
  5000009: e(400, 'JSON 格式错误', 'Malformed JSON'),
  5000010: e(400, '缺少请求参数', 'Missing request parameter'),
  5000011: e(500, '服务器配置加载失败', 'Failed to load the server configuration'),
  5000012: e(500, '未获取到指定的全局配置数据', 'No specified global config data obtained'),
  5000013: e(500, '无法获取登录用户信息', 'Cannot fetch the logged-in user information'),
  5000014: e(500, '数据已加载，不可修改', 'Loaded data cannot be modified'),
  5030001: e(503, '数据库暂不可用', 'Database unavailable'),
  4150002: e(415, '上传的文件格式不匹配', 'The format of the uploaded file does not match'),
  4150003: e(415, '不支持的视频格式，请上传 H.264 编码的 MP4 视频', 'Unsupported video format, please upload an H.264 MP4 video'),
  4130001: e(413, '文件过大', 'File too large'),
  4220002: e(422, '文件名长度不能超过200个字符', 'The file name cannot exceed 200 characters'),
  4220003: e(422, '已达到最大上传数量', 'The maximum number of uploads has been reached'),
  4220001: e(422, '文件校验失败，请重新上传', 'File check (MD5) failed, please upload again'),
  4090006: e(409, '分片冲突，请重新上传', 'Chunk conflict, please upload again'),
  5000015: e(500, '文件读写失败', 'File read/write failed'),
  5000016: e(500, '查询文件信息失败，请重新选择', 'Failed to query file info, please select the file again'),
  5000017: e(500, '操作与当前状态不符，请刷新后重试', 'This action does not fit the current state, please refresh and try again'),
  5070001: e(507, '存储空间不足，请稍后重试或联系管理员', 'Insufficient storage space, please try again later or contact the administrator'),
  // Help centre and feedback (x0101–x0199).
  4220101: e(422, '反馈类型无效', 'Invalid feedback type'),
  4220102: e(422, '请填写反馈内容（不超过1000字）', 'Please write your feedback (at most 1000 characters)'),
  4220103: e(422, '联系方式不能超过50个字', 'The contact cannot exceed 50 characters'),
  4220104: e(422, '截图无效：最多3张本人上传的图片', 'Invalid screenshots: at most 3 images you uploaded'),
  4220105: e(422, '附带的页面信息格式不正确', 'The attached page information is malformed'),
  4220106: e(422, '请填写回复内容（不超过1000字）', 'Please write the reply (at most 1000 characters)'),
  4220107: e(422, '处理状态无效', 'Invalid apply status'),
  4220108: e(422, '帮助文章内容不完整或过长', 'The help article is incomplete or too long'),
  4040101: e(404, '反馈不存在', 'Feedback not found'),
  4040102: e(404, '帮助文章不存在', 'Help article not found'),
  4220401: e(422, '要点标题不能为空', 'The key point needs a title'),
  4220402: e(422, '要点时间超出了视频长度', 'The key point lies beyond the end of the video'),
  4220403: e(422, '同一时刻只能有一个要点', 'Only one key point per second of the video'),
  2510109: e(403, '没有上传权限', 'No upload permission'),
  // Single sign-on and device shells.
  4010201: e(401, '票据无效：签名校验未通过', 'Invalid ticket: the signature does not match'),
  4010202: e(401, '票据已过期，请从平台重新进入', 'The ticket has expired, please open the link from the platform again'),
  4010203: e(401, '票据已被使用，请从平台重新进入', 'The ticket has already been used, please open the link from the platform again'),
  4010204: e(401, '票据格式错误', 'Malformed ticket'),
  4030201: e(403, '票据不属于该系统', 'The ticket was issued for another system'),
  4030202: e(403, '当前账号无法使用该应用', 'This account cannot use this application'),
  4030203: e(403, '该地址不在允许的系统之列', 'This address is not one of the allowed systems'),
  4040201: e(404, '该应用尚未配置地址，请联系管理员', 'This application has no address configured yet, please contact the administrator'),
  5000201: e(500, '获取token失败', 'Failed to get the token'),
  5040201: e(504, '客户端未响应，请重试', 'The client app did not answer, please try again'),
  5000202: e(500, '客户端操作失败', 'The client app could not do this'),
  5010201: e(501, '当前客户端不支持该操作', 'This client app does not support this action'),
  4130301: e(413, '工具文档不能超过 5 MB', 'A tool document cannot exceed 5 MB'),
  4220301: e(422, '工具文档不是有效的 JSON', 'The tool document is not valid JSON'),
  4220302: e(422, '工具文档不属于该工具', 'The document does not belong to this tool'),
  4220303: e(422, '数据转换失败：收到的内容不是有效的 JSON', 'Conversion error: the data received is not valid JSON'),
  4090301: e(409, '该文档已在其他页面修改，请重新加载或另存为副本', 'This document was changed on another page: reload it or keep yours as a copy'),
  2810137: e(409, '该课程已被使用，不能删除', 'This lesson is in use and cannot be deleted'),
  4040501: e(404, '课程中没有这个视频', 'This lesson has no such video'),
  4090501: e(409, '该视频正在转码或已完成，不需要重试', 'This video is being transcoded or is done: nothing to retry'),
  5030501: e(503, '服务器未开启视频转码，视频按原文件播放', 'Video transcoding is off on this server: videos play as uploaded'),
});

/** Whether a code is in the catalogue. */
export function isKnownCode(code: number): boolean {
  return Object.prototype.hasOwnProperty.call(catalogue, code);
}

/** The message for a code in a locale; unknown codes fall back to the generic server message. */
export function messageFor(code: number, locale: Locale = 'zh-CN'): string {
  const entry = catalogue[code] ?? catalogue[Codes.UNKNOWN_SERVER_ERROR]!;
  return entry[locale];
}

/** The HTTP status that goes with a code (7-digit business codes map to their class, e.g. 401xxxx → 401). */
export function httpStatusFor(code: number): number {
  const entry = catalogue[code];
  if (entry) return entry.http;
  if (code >= 100 && code < 600) return code;
  if (code >= 1_000_000) {
    const head = Math.floor(code / 10_000);
    if (head >= 400 && head < 600) return head;
  }
  return 500;
}

/** Token-related statuses after which the session is over (spec §8): show "登录已过期" and log out. */
export const SESSION_ENDING_CODES: ReadonlySet<number> = new Set([
  Codes.TOKEN_NOT_FOUND,
  Codes.CLIENT_TOKEN_ERROR,
  Codes.UA_UNSUPPORTED,
  Codes.TOKEN_INVALID,
]);
