// NIM's tags of upload grants (service 6, the SDK's serializeMap `nosToken`): kept apart from
// files.ts so that tags.ts can list them without an import cycle.

/**
 * An upload grant: the object it names, its token and bucket, when it ends; in a request, the
 * scene (`tag`) and how long the file is kept (`expireSec`).
 */
export const NOS_TOKEN_TAGS = {
  objectName: 1,
  token: 2,
  bucket: 3,
  expireTime: 4,
  expireSec: 7,
  tag: 8,
} as const;
