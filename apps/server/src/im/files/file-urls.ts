// Names and addresses of stored files. Object names are the server's: random, with the client's
// extension, so a URL tells nothing about who uploaded what and cannot be guessed.
import { randomBytes } from 'node:crypto';

export const FILES_PATH = '/im/files';
/** The one bucket name the wire carries (NIM clients expect a bucket beside the object). */
export const BUCKET = 'morsel';

const OBJECT_NAME = /^[A-Za-z0-9_-]{22}(\.[A-Za-z0-9]{1,16})?$/;

export function newObjectName(ext?: string): string {
  const id = randomBytes(16).toString('base64url');
  return ext ? `${id}.${ext.toLowerCase()}` : id;
}

export function isObjectName(name: string): boolean {
  return OBJECT_NAME.test(name);
}

export function fileUrl(base: string, objectName: string): string {
  return `${base}${FILES_PATH}/${objectName}`;
}

/** The object name of a URL of this server's files, or undefined for any other URL. */
export function objectNameOfUrl(base: string, url: string): string | undefined {
  const prefix = `${base}${FILES_PATH}/`;
  if (!url.startsWith(prefix)) return undefined;
  const name = url.slice(prefix.length).split(/[?#]/, 1)[0]!;
  return isObjectName(name) ? name : undefined;
}

/** Storage key of the original bytes, and the folder of its cached renditions. */
export const originalKey = (objectName: string) => `objects/${objectName}`;
export const derivedPrefix = (objectName: string) => `derived/${objectName}`;

export function extensionOf(objectName: string): string {
  const dot = objectName.lastIndexOf('.');
  return dot < 0 ? '' : objectName.slice(dot + 1);
}
