import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { AppError } from "../../core/errors";
import { tile, TILE_MAX_AGE_SECONDS, tileAddress, wholeNumber } from "../../geo/tiles";
import { sql } from "../db.server";

// GET /tiles/{layer}/{z}/{x}/{y}.mvt: one layer of a Mapbox Vector Tile from PostGIS; 204 when empty.
const MVT_SUFFIX = ".mvt";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const address = tileAddress(params.layer ?? "", wholeNumber(params.z), wholeNumber(params.x), wholeNumber(tileRow(params.y)));
  const body = await tile(sql(), address.layer, address.z, address.x, address.y);
  const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
  const headers = {
    "Content-Type": "application/vnd.mapbox-vector-tile",
    "Cache-Control": `public, max-age=${TILE_MAX_AGE_SECONDS[address.layer]}`,
    ETag: etag,
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  if (body.length === 0) return new Response(null, { status: 204, headers });
  return new Response(new Uint8Array(body), { headers });
}

/** "123.mvt" -> "123"; tiles come only as .mvt. */
function tileRow(segment: string | undefined): string {
  if (!segment?.endsWith(MVT_SUFFIX)) throw new AppError(404, "Tiles are served as {z}/{x}/{y}.mvt", { code: "unknown-format" });
  return segment.slice(0, -MVT_SUFFIX.length);
}
