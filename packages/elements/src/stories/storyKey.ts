let pem: Promise<string> | null = null;

/**
 * A throw-away RSA public key made in the browser, so stories encrypt passwords exactly as the
 * real login does without shipping a key pair.
 */
export function publicKeyPem(): Promise<string> {
  pem ??= (async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
    const base64 = btoa(String.fromCharCode(...spki)).replace(/(.{64})/g, '$1\n');
    return `-----BEGIN PUBLIC KEY-----\n${base64}\n-----END PUBLIC KEY-----`;
  })();
  return pem;
}
