// RSA key pairs the commerce tests generate (never committed), written as PEM files where the
// server's settings want paths.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';

export interface TestKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
  privateFile: string;
  publicFile: string;
}

export function keyPair(name: string): TestKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `morsel-keys-${name}-`));
  const privateFile = path.join(dir, 'private.pem');
  const publicFile = path.join(dir, 'public.pem');
  fs.writeFileSync(privateFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  fs.writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));
  return { privateKey, publicKey, privateFile, publicFile };
}
