import { Codes } from '../errors/catalogue.js';
import { DsError } from '../errors/DsError.js';

export type EncryptPassword = (plain: string, publicKeyPem: string) => Promise<string>;

/**
 * RSA PKCS#1 v1.5, base64 — what the platform's servers decrypt. jsencrypt is imported here, not at
 * the top, because some of its builds touch `window` on load and the SDK must import in Node.
 */
export const encryptPassword: EncryptPassword = async (plain, publicKeyPem) => {
  const module = (await import('jsencrypt')) as unknown as {
    JSEncrypt?: JSEncryptConstructor;
    default?: JSEncryptConstructor | { JSEncrypt?: JSEncryptConstructor };
  };
  const Constructor =
    module.JSEncrypt ??
    (typeof module.default === 'function' ? module.default : module.default?.JSEncrypt);
  if (!Constructor) throw new DsError(Codes.UNKNOWN_SERVER_ERROR, { cause: new Error('jsencrypt not loaded') });
  const rsa = new Constructor();
  rsa.setPublicKey(publicKeyPem);
  const encrypted = rsa.encrypt(plain);
  // jsencrypt signals a bad key or an over-long input with `false`, not an exception.
  if (typeof encrypted !== 'string' || !encrypted) {
    throw new DsError(Codes.UNKNOWN_SERVER_ERROR, { cause: new Error('password encryption failed') });
  }
  return encrypted;
};

type JSEncryptConstructor = new () => { setPublicKey(pem: string): void; encrypt(text: string): string | false };
