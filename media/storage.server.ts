// The storage port for uploaded images: local disk under a root folder (app/uploads/storage.server.ts
// picks UPLOAD_DIR). Another store (an object store behind a CDN) implements the same three calls.
import { mkdir, readFile, rm, writeFile, rename } from "node:fs/promises";
import path from "node:path";
import { FILE_ID_PATTERN } from "../core/images";

export interface FileStorage {
  /** Stores every version of one file; on failure nothing of it is left. */
  putVersions(id: string, versions: { name: string; body: Buffer }[]): Promise<void>;
  read(id: string, name: string): Promise<Buffer | null>;
  remove(id: string): Promise<void>;
}

const NAME_PATTERN = /^[1-6]\.webp$/;

function checked(id: string, name?: string): void {
  if (!FILE_ID_PATTERN.test(id) || (name !== undefined && !NAME_PATTERN.test(name))) throw new RangeError("Not a stored file name");
}

export function localDiskStorage(root: string): FileStorage {
  const folder = (id: string) => path.join(root, id.slice(0, 2), id);
  return {
    async putVersions(id, versions) {
      checked(id);
      const target = folder(id);
      // Written to a temporary folder first and renamed, so a reader never sees half a file set.
      const temporary = `${target}.partial-${process.pid}-${Date.now()}`;
      try {
        await mkdir(temporary, { recursive: true });
        for (const version of versions) {
          checked(id, version.name);
          await writeFile(path.join(temporary, version.name), version.body);
        }
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { recursive: true, force: true });
        throw error;
      }
    },
    async read(id, name) {
      checked(id, name);
      try {
        return await readFile(path.join(folder(id), name));
      } catch {
        return null;
      }
    },
    async remove(id) {
      checked(id);
      await rm(folder(id), { recursive: true, force: true });
    },
  };
}
