import type { LoaderFunctionArgs } from "@remix-run/node";
import { FILE_ID_PATTERN } from "../uploads/images";
import { fileStorage } from "../uploads/storage.server";

/** GET /uploads/{id}/{size}.webp: a stored image version. Names never change, so caches keep them for a year. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const name = params.file ?? "";
  if (!FILE_ID_PATTERN.test(id) || !/^[1-6]\.webp$/.test(name)) throw new Response("Not found", { status: 404 });
  const body = await fileStorage().read(id, name);
  if (!body) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(body.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
