/**
 * The RSA key pair browsers encrypt passwords with. Created on first start and kept in DATA_DIR
 * (mode 0600) so that restarts do not invalidate forms already open; RSA_PRIVATE_KEY overrides it
 * when several servers must share one key.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { readOrCreate } from './secrets.js';

export interface RsaKeys {
  privateKey: KeyObject;
  publicKeyPem: string;
}

function fromPrivatePem(pem: string): RsaKeys {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('RSA_PRIVATE_KEY 必须是 RSA 私钥');
  const publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKeyPem };
}

export function generateRsaKeys(): RsaKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return fromPrivatePem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
}

export function loadRsaKeys(options: { pem?: string; dataDir?: string }): RsaKeys {
  if (options.pem) return fromPrivatePem(options.pem.replace(/\\n/g, '\n'));
  if (!options.dataDir) return generateRsaKeys();
  // Servers sharing DATA_DIR and starting together end with the one key that was linked into place first.
  const file = path.join(options.dataDir, 'rsa-private.pem');
  return fromPrivatePem(readOrCreate(file, () => generateRsaKeys().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()));
}
