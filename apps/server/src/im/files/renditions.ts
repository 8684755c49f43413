// Processed pictures, made once per file and operation list and kept beside the file (the
// cache key is the checked operations, so equal requests spelled differently share it).
import { createHash } from 'node:crypto';
import type { ImageOp } from '@morsel/protocol';
import type { FileService } from './file-service.ts';
import { originalKey } from './file-urls.ts';
import { imageInfo, processImage } from './image-processing.ts';

export class NotAPicture extends Error {}

export async function imageRendition(
  service: FileService,
  objectName: string,
  ops: readonly ImageOp[],
): Promise<{ data: Buffer; format: string }> {
  const key = createHash('sha256').update(JSON.stringify(ops)).digest('hex').slice(0, 32);
  try {
    const data = await service.derived(
      objectName,
      `image-${key}`,
      'application/octet-stream',
      async () => {
        const bytes = await service.readAll(originalKey(objectName));
        return bytes && (await processImage(bytes, ops)).data;
      },
    );
    if (!data) throw new NotAPicture('the file is gone');
    return { data, format: (await imageInfo(data)).format };
  } catch (error) {
    if (error instanceof NotAPicture) throw error;
    // sharp's refusals of input it cannot decode.
    if (
      error instanceof Error &&
      /unsupported image format|Input buffer|corrupt|bad seek|VipsJpeg|pngload/i.test(error.message)
    )
      throw new NotAPicture('the file is not a picture');
    throw error;
  }
}
