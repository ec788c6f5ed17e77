// Reordering a plan's stops by the form that works without JavaScript (issue 49): POST intent=move to
// the plan's URL answers a redirect to the next plan's URL, the moved stop as its fragment and the
// move announced by a flash notice; a move it cannot make is a 400 with a message, a JSON body a 415.
import { afterAll, describe, expect, it } from "vitest";
import { closeDatabase } from "../../app/db.server";
import { AppError } from "../../core/errors";
import { action, loader } from "../../app/routes/public/trip/index";
import { loader as exportLoader } from "../../app/routes/public/trip/export";
import { parseStops } from "../../geo/trip/query";

process.env.SESSION_SECRET ??= "trip-reorder-test-secret-of-at-least-32-characters";
afterAll(() => closeDatabase());

const BASE = "http://localhost/trip?from=London&to=Edinburgh&depart=2026-12-07T08%3A00&every=120&kind=walk";

async function post(url: string, form: Record<string, string>): Promise<Response> {
  const request = new Request(url, { method: "POST", body: new URLSearchParams(form), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  return asResponse(await action({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown));
}

/** A redirect is a Response; a form error is Remix's data(body, { status }); an unreadable body an AppError the server answers. */
function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result instanceof AppError) return new Response(JSON.stringify({ message: result.message }), { status: result.status });
  const { data, init } = result as { data: unknown; init?: { status?: number } };
  return new Response(JSON.stringify(data), { status: init?.status ?? 200 });
}

async function stopsOf(url: string): Promise<number[]> {
  const response = (await loader({ request: new Request(url), params: {}, context: {} })) as unknown as { data: { page: { state: string; plan: { stops: { listing: { id: number } }[] } } } };
  const page = response.data.page;
  expect(page.state).toBe("planned");
  return page.plan.stops.map((s) => s.listing.id);
}

describe("moving a stop without JavaScript", () => {
  it("Move down, Move up and a dragged position each redirect to the plan in its new order, announced", async () => {
    const before = await stopsOf(BASE);
    expect(before.length).toBeGreaterThanOrEqual(3);

    const down = await post(BASE, { intent: "move", index: "0", direction: "down" });
    expect(down.status).toBe(302);
    const location = down.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/trip\?.*&edited=1&stops=[\d%A-F]+#stop-2$/);
    const next = new URL(location, "http://localhost");
    expect(parseStops(next.searchParams.get("stops") ?? "")?.map((s) => s.listingId)).toEqual([before[1], before[0], ...before.slice(2)]);
    expect(down.headers.get("Set-Cookie")).toMatch(/^pawroute_flash=/);
    // The next page plans the stops in that order.
    expect(await stopsOf(`http://localhost${next.pathname}${next.search}`)).toEqual([before[1], before[0], ...before.slice(2)]);

    const up = await post(`http://localhost${next.pathname}${next.search}`, { intent: "move", index: "1", direction: "up" });
    const back = new URL(up.headers.get("Location") ?? "", "http://localhost");
    expect(back.hash).toBe("#stop-1");
    expect(parseStops(back.searchParams.get("stops") ?? "")?.map((s) => s.listingId)).toEqual(before);

    const dragged = await post(BASE, { intent: "move", index: "0", position: String(before.length - 1) });
    const last = new URL(dragged.headers.get("Location") ?? "", "http://localhost");
    expect(last.hash).toBe(`#stop-${before.length}`);
    expect(parseStops(last.searchParams.get("stops") ?? "")?.map((s) => s.listingId)).toEqual([...before.slice(1), before[0]]);
  });

  it("a move it cannot make is a 400 that says so; a body it cannot read is a 415", async () => {
    const first = await post(BASE, { intent: "move", index: "0", direction: "up" });
    expect(first.status).toBe(400);
    expect(JSON.stringify(await first.json())).toContain("That stop cannot move there. Please try again.");
    const far = await post(BASE, { intent: "move", index: "0", position: "40" });
    expect(far.status).toBe(400);
    const gone = await post(BASE, { intent: "move", index: "30", direction: "down" });
    expect(gone.status).toBe(400);
    expect(JSON.stringify(await gone.json())).toContain("That stop is no longer in this plan. Please try again.");
    const json = asResponse(await action({ request: new Request(BASE, { method: "POST", body: JSON.stringify({ intent: "move", index: 0, direction: "down" }), headers: { "Content-Type": "application/json" } }), params: {}, context: {} }).catch((e: unknown) => e));
    expect(json.status).toBe(415);
  });

  it("the GPX and iCalendar of a reordered plan follow its order, each time after the one before", async () => {
    const before = await stopsOf(BASE);
    const moved = await post(BASE, { intent: "move", index: "0", position: "1" });
    const next = new URL(moved.headers.get("Location") ?? "", "http://localhost");
    const order = [before[1], before[0], ...before.slice(2)];
    const gpx = await (await exportLoader({ request: new Request(`http://localhost/trip/export.gpx${next.search}`), params: {}, context: {} })).text();
    const waypoints = [...gpx.matchAll(/<wpt lat="[\d.-]+" lon="[\d.-]+">\s*<time>([^<]+)<\/time>\s*<name>(\d+)\. /g)];
    expect(waypoints.map((w) => Number(w[2]))).toEqual(order.map((_, i) => i + 1));
    const times = waypoints.map((w) => new Date(w[1]).getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
    expect(gpx.match(/<link href="[^"]+"/g)?.length).toBe(order.length);
    const ics = await (await exportLoader({ request: new Request(`http://localhost/trip/export.ics${next.search}`), params: {}, context: {} })).text();
    const uids = [...ics.matchAll(/UID:[^\r]*-(\d+)-(\d+)@pawroute/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(uids).toEqual(order.map((id, i) => [i + 1, id]));
  });
});
