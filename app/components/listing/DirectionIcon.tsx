/** The manoeuvre icons of the directions steps (geo/routing icon names), drawn in currentColor. */
const PATHS: Record<string, string> = {
  depart: "M12 20V5M6 11l6-6 6 6",
  arrive: "M12 21s-6-5.3-6-10a6 6 0 0 1 12 0c0 4.7-6 10-6 10zM12 11.5a1.5 1.5 0 1 0 0-.01",
  "join-motorway": "M6 20c0-6 6-8 6-14M12 6l-3 3M12 6l3 3M18 20V4",
  "leave-motorway": "M6 20V4M6 12c6 0 12 2 12 8M18 20l-3-3M18 20l3-3",
  "turn-left": "M16 20v-7a4 4 0 0 0-4-4H5M9 5L5 9l4 4",
  "turn-right": "M8 20v-7a4 4 0 0 1 4-4h7M15 5l4 4-4 4",
  continue: "M12 20V4M7 9l5-5 5 5",
  ferry: "M3 17c2 1.5 4 1.5 6 0s4-1.5 6 0 4 1.5 6 0M5 14l1-5h12l1 5M9 9V6h6v3",
};

const LABELS: Record<string, string> = {
  depart: "Start",
  arrive: "Arrive",
  "join-motorway": "Join the motorway",
  "leave-motorway": "Leave the motorway",
  "turn-left": "Turn left",
  "turn-right": "Turn right",
  continue: "Continue",
  ferry: "Ferry or tunnel",
};

export function DirectionIcon({ icon }: { icon: string }) {
  return (
    <span className="directions__icon" title={LABELS[icon] ?? "Continue"}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d={PATHS[icon] ?? PATHS.continue} />
      </svg>
    </span>
  );
}
