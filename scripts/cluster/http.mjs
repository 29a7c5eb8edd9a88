// Calls through nginx or to one instance: the envelope, the HTTP status and the instance that answered.
import { constants, publicEncrypt } from 'node:crypto';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD || 'Ds@123456';

/** `{ http, status, message, data, upstream }`; `upstream` is nginx's `X-DS-Upstream` (host:port). */
export async function call(base, method, path, { token, body, headers = {} } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { status: response.status, message: text.slice(0, 200) };
  }
  return { http: response.status, status: json.status, message: json.message, data: json.data, upstream: response.headers.get('x-ds-upstream') ?? undefined };
}

/** The password encrypted with the RSA key the platform hands out (PKCS#1 v1.5, as the login form does). */
export async function encrypted(base, password = DEMO_PASSWORD) {
  const key = (await call(base, 'GET', '/cas/publicKey')).data.publicKey;
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password)).toString('base64');
}

export async function login(base, username, { password = DEMO_PASSWORD, captchaToken } = {}) {
  const body = { username, password: await encrypted(base, password), code: 'web', ed: '', ...(captchaToken ? { captchaToken } : {}) };
  return call(base, 'POST', '/cas/login/restful', { body });
}

export async function token(base, username) {
  const answer = await login(base, username);
  if (answer.status !== 200) throw new Error(`login of ${username} failed: ${answer.status} ${answer.message}`);
  return answer.data.token;
}
