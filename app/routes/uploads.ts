import type { LoaderFunctionArgs } from "@remix-run/node";
import { FILE_ID_PATTERN } from "../../core/images";
import { fileStorage } from "../uploads/storage.server";
import { AppError } from "../../core/errors";

/** GET /uploads/{id}/{size}.webp: a stored image version. Names never change, so caches keep them for a year. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const name = params.file ?? "";
  if (!FILE_ID_PATTERN.test(id) || !/^[1-6]\.webp$/.test(name)) throw new AppError(404, "Not found");
  const body = await fileStorage().read(id, name);
  if (!body) throw new AppError(404, "Not found");
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
