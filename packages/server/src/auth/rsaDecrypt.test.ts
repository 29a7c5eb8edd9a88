import { describe, expect, it } from 'vitest';
import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { decryptPassword, pkcs1v15MessageStart } from './rsaDecrypt.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const encrypt = (text: string) =>
  publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString('base64');

describe('PKCS#1 v1.5 password decryption', () => {
  it('reads what jsencrypt (the browser library) encrypted', () => {
    const JSEncrypt = createRequire(import.meta.url)('jsencrypt');
    const browser = new (JSEncrypt.default ?? JSEncrypt)();
    browser.setPublicKey(pem);
    for (const password of ['Ds@123456', '密码Ab1!', 'x']) {
      expect(decryptPassword(privateKey, browser.encrypt(password))).toBe(password);
    }
  });

  it('round-trips Node PKCS#1 encryption, including the longest message', () => {
    expect(decryptPassword(privateKey, encrypt('Ds@123456'))).toBe('Ds@123456');
    const longest = 'a'.repeat(256 - 11);
    expect(decryptPassword(privateKey, encrypt(longest))).toBe(longest);
  });

  it('returns null for garbage, empty, oversize and foreign ciphertexts', () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    const foreign = publicEncrypt({ key: other, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('x')).toString('base64');
    for (const bad of ['', '!!!', 'QUJD', randomBytes(257).toString('base64'), foreign, 'A'.repeat(100_000)]) {
      expect(decryptPassword(privateKey, bad)).toBeNull();
    }
  });

  it('checks the padding layout', () => {
    const em = Buffer.alloc(256, 7);
    em[0] = 0;
    em[1] = 2;
    em[20] = 0;
    expect(pkcs1v15MessageStart(em)).toBe(21);
    em[1] = 1;
    expect(pkcs1v15MessageStart(em)).toBe(-1);
    em[1] = 2;
    em[20] = 7;
    em[5] = 0; // fewer than 8 padding bytes
    expect(pkcs1v15MessageStart(em)).toBe(-1);
    em[5] = 7;
    expect(pkcs1v15MessageStart(em)).toBe(-1); // no separator at all
  });
});
