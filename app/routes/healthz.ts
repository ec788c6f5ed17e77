import { sql } from "../db.server";

/** For load balancers and the test harness: 200 when the database answers. */
export async function loader() {
  try {
    await sql()`SELECT 1`;
    return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ ok: false, message: "The database is not reachable" }, { status: 503 });
  }
}
