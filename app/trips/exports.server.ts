// Take the plan along: GPX for sat-navs (the route as a track, the stops as waypoints) and iCalendar
// (each break an event at its place and time, in Europe/London).
import type { TripPlan } from "../../geo/trip/plan";
import { instantToLondon, TRIP_TIME_ZONE } from "../../geo/trip/time";
import { escapeHtml } from "../../kit/html";

const fixed = (n: number) => n.toFixed(6);

export function tripGpx(plan: TripPlan, name: string, origin: string): string {
  const waypoints = plan.stops.map((stop) => {
    const desc = `${stop.listing.typeName}. Arrive ${stop.arrival}, break ${stop.breakMinutes} min, detour ${stop.detourMinutes ?? "?"} min.`;
    return [
      `  <wpt lat="${fixed(stop.listing.lat)}" lon="${fixed(stop.listing.lng)}">`,
      `    <time>${stop.arrival}</time>`,
      `    <name>${escapeHtml(`${stop.index + 1}. ${stop.listing.title}`)}</name>`,
      `    <desc>${escapeHtml(desc)}</desc>`,
      `    <link href="${escapeHtml(origin + stop.listing.url)}"><text>${escapeHtml(stop.listing.title)}</text></link>`,
      `    <type>${stop.kind === "overnight" ? "Overnight stop" : "Dog break"}</type>`,
      "  </wpt>",
    ].join("\n");
  });
  const track = plan.route.map(([lng, lat]) => `      <trkpt lat="${fixed(lat)}" lon="${fixed(lng)}"/>`).join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Pawroute" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${escapeHtml(name)}</name><time>${plan.departure}</time></metadata>`,
    ...waypoints,
    "  <trk>",
    `    <name>${escapeHtml(`${plan.from.label} to ${plan.to.label}`)}</name>`,
    "    <trkseg>",
    track,
    "    </trkseg>",
    "  </trk>",
    "</gpx>",
    "",
  ].join("\n");
}

/** RFC 5545 text: backslash, semicolon, comma and newlines escaped. */
const icsText = (text: string) => text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
/** 20261207T095400Z */
const icsUtc = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** 20261207T095400 in London time, for DTSTART;TZID=Europe/London. */
const icsLondon = (iso: string) => `${instantToLondon(new Date(iso)).replace(/[-:]/g, "")}00`;

/** Europe/London's rules (GMT, and BST from the last Sunday of March to the last Sunday of October). */
const LONDON_TIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TRIP_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19810329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19961027T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > 75) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > 74) cut--;
    out.push(rest.slice(0, cut));
    rest = ` ${rest.slice(cut)}`;
  }
  out.push(rest);
  return out.join("\r\n");
}

export function tripCalendar(plan: TripPlan, name: string, origin: string, key: string, now = new Date()): string {
  const stamp = icsUtc(now.toISOString());
  const events = plan.stops.flatMap((stop) => {
    const end = new Date(new Date(stop.arrival).getTime() + stop.breakMinutes * 60_000).toISOString();
    const title = stop.kind === "overnight" ? `Overnight: ${stop.listing.title}` : `Dog break: ${stop.listing.title}`;
    return [
      "BEGIN:VEVENT",
      `UID:${key}-${stop.index + 1}-${stop.listing.id}@pawroute`,
      `DTSTAMP:${stamp}`,
      `DTSTART;TZID=${TRIP_TIME_ZONE}:${icsLondon(stop.arrival)}`,
      `DTEND;TZID=${TRIP_TIME_ZONE}:${icsLondon(end)}`,
      `SUMMARY:${icsText(title)}`,
      `LOCATION:${icsText(stop.listing.address || stop.listing.title)}`,
      `GEO:${fixed(stop.listing.lat)};${fixed(stop.listing.lng)}`,
      `DESCRIPTION:${icsText(`${name}, stop ${stop.index + 1}. ${stop.breakMinutes} min break, ${stop.detourMinutes ?? "?"} min detour, ${stop.alongMiles} miles into the drive.`)}`,
      `URL:${origin}${stop.listing.url}`,
      "END:VEVENT",
    ];
  });
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Pawroute//Trip planner//EN",
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${icsText(name)}`,
    `X-WR-TIMEZONE:${TRIP_TIME_ZONE}`,
    ...LONDON_TIMEZONE,
    ...events,
    "END:VCALENDAR",
    "",
  ]
    .map(fold)
    .join("\r\n");
}
