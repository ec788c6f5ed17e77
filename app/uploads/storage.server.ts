// The app's image store: local disk under UPLOAD_DIR (the storage port itself is media/storage.server.ts).
import path from "node:path";
import { getEnv } from "../env.server";
import { type FileStorage, localDiskStorage } from "../../media/storage.server";

let storage: { dir: string; files: FileStorage } | undefined;

/** The store under the configured UPLOAD_DIR (made again if that changes, as tests that share a process do). */
export function fileStorage(): FileStorage {
  const dir = path.resolve(getEnv().UPLOAD_DIR);
  if (storage?.dir !== dir) storage = { dir, files: localDiskStorage(dir) };
  return storage.files;
}
