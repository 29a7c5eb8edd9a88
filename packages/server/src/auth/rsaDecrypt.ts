/**
 * PKCS#1 v1.5 decryption for jsencrypt ciphertexts. Node 20 refuses PKCS#1 v1.5 private decryption
 * (Marvin / CVE-2023-46809), so the raw RSA operation runs with RSA_NO_PADDING and the padding is
 * checked here without branching on secret bytes. Callers never learn why a ciphertext failed: on any
 * failure they get `null` and must answer exactly as for a wrong password (implicit rejection).
 */
import { constants, privateDecrypt, type KeyObject } from 'node:crypto';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Constant-time scan of an encoded message 00 02 PS(≥8 non-zero) 00 M; returns M's start or -1. */
export function pkcs1v15MessageStart(em: Uint8Array): number {
  let good = ((em[0] ?? 1) === 0 ? 1 : 0) & ((em[1] ?? 0) === 2 ? 1 : 0);
  let zeroIndex = 0;
  let found = 0;
  for (let i = 2; i < em.length; i++) {
    const isZero = ((em[i] as number) - 1) >>> 31; // 1 when the byte is 0, without a branch
    const first = isZero & (found ^ 1);
    zeroIndex |= -first & i;
    found |= isZero;
  }
  good &= found;
  good &= ((zeroIndex - 10) >>> 31) ^ 1; // at least 8 padding bytes: zeroIndex >= 10
  return good === 1 ? zeroIndex + 1 : -1;
}

export function decryptPassword(privateKey: KeyObject, ciphertextBase64: string): string | null {
  const size = Math.ceil(((privateKey.asymmetricKeyDetails?.modulusLength ?? 2048) as number) / 8);
  const text = ciphertextBase64.replace(/\s+/g, '');
  if (text.length === 0 || text.length > 4 * Math.ceil((size + 2) / 3) + 4 || !BASE64.test(text)) return null;
  let cipher = Buffer.from(text, 'base64');
  if (cipher.length > size || cipher.length === 0) return null;
  // Some jsencrypt builds drop leading zero bytes of the ciphertext; restore the full width.
  if (cipher.length < size) cipher = Buffer.concat([Buffer.alloc(size - cipher.length), cipher]);
  let em: Buffer;
  try {
    em = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, cipher);
  } catch {
    return null; // Ciphertext not below the modulus, or under another key size.
  }
  const start = pkcs1v15MessageStart(em);
  if (start < 0) return null;
  const message = em.subarray(start);
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(message);
  return decoded;
}
