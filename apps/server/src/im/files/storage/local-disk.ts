// Object storage on the server's own disk (the default): one file per key under a root folder,
// written to a temporary name first so a reader never sees half a file.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { assertSafeKey, type ObjectStorage } from './object-storage.ts';

export class LocalDiskStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  private async place(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(tmp);
      await fs.rename(tmp, target);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    await this.place(key, (tmp) => fs.copyFile(sourcePath, tmp));
  }

  async putBuffer(key: string, body: Buffer): Promise<void> {
    await this.place(key, (tmp) => fs.writeFile(tmp, body));
  }

  async get(key: string): Promise<Readable | undefined> {
    const file = this.pathOf(key);
    try {
      const handle = await fs.open(file, 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    return fs
      .stat(this.pathOf(key))
      .then((s) => s.isFile())
      .catch(() => false);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}
