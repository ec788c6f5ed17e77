// The app's image store: local disk under UPLOAD_DIR (the storage port itself is media/storage.server.ts).
import path from "node:path";
import { getEnv } from "../env.server";
import { type FileStorage, localDiskStorage } from "../../media/storage.server";

let storage: FileStorage | undefined;

export function fileStorage(): FileStorage {
  storage ??= localDiskStorage(path.resolve(getEnv().UPLOAD_DIR));
  return storage;
}
