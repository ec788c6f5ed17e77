import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { BusyButton } from "../forms/BusyButton";

// Reordering a plan's stops (issue 49). Without JavaScript each stop has "Move up" and "Move down"
// buttons: forms that post `intent=move` to the plan's URL and are answered with a redirect to the next
// plan's URL (its fragment the moved stop) and a notice the page shows in its live region. JavaScript
// adds a handle per stop that drags, or moves the stop with the arrow keys (Home and End: first and
// last), sending the same form; after the move the focus is back on the moved stop's same control.

type Control = "up" | "down" | "handle";

/** The control to focus once the page shows the plan after a move (kept across the navigation). */
let pendingFocus: { listingId: number; control: Control } | null = null;

function rememberFocus(listingId: number, control: Control) {
  pendingFocus = { listingId, control };
}

/** After a move: focus the moved stop's control that was used, or the nearest one it still has. */
export function useMovedStopFocus(search: string) {
  const navigation = useNavigation();
  useEffect(() => {
    if (!pendingFocus || navigation.state !== "idle") return;
    const { listingId, control } = pendingFocus;
    const stop = document.querySelector<HTMLElement>(`.trip-stop[data-listing-id="${listingId}"]`);
    if (!stop) return;
    pendingFocus = null;
    const order: Control[] = control === "handle" ? ["handle", "up", "down"] : control === "up" ? ["up", "down", "handle"] : ["down", "up", "handle"];
    for (const c of order) {
      const target = stop.querySelector<HTMLElement>(`[data-move="${c}"]`);
      if (target && !(target as HTMLButtonElement).disabled) {
        target.focus();
        return;
      }
    }
    stop.focus();
  }, [search, navigation.state]);
}

function MoveForm({ action, index, direction, listingId, label, title }: { action: string; index: number; direction: "up" | "down"; listingId: number; label: string; title: string }) {
  return (
    <Form method="post" action={action} noValidate className="trip-edit trip-edit--move" onSubmit={() => rememberFocus(listingId, direction)}>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="index" value={index} />
      <input type="hidden" name="direction" value={direction} />
      <BusyButton pending="Moving…" name="intent-button" value={`move-${direction}-${index}`} className="button button--quiet" data-move={direction}>
        {label}
        <span className="visually-hidden">
          {" "}
          stop {index + 1}: {title}
        </span>
      </BusyButton>
    </Form>
  );
}

/** "Move up" and "Move down" for one stop (those it can make), as forms that post and redirect. */
export function MoveButtons({ action, index, count, listingId, title }: { action: string; index: number; count: number; listingId: number; title: string }) {
  if (count < 2) return null;
  return (
    <>
      {index > 0 ? <MoveForm action={action} index={index} direction="up" listingId={listingId} label="Move up" title={title} /> : null}
      {index < count - 1 ? <MoveForm action={action} index={index} direction="down" listingId={listingId} label="Move down" title={title} /> : null}
    </>
  );
}

export const REORDER_HELP_ID = "trip-reorder-help";

/** What a screen reader hears about the handle (it is described by this text). */
export function ReorderHelp() {
  return (
    <p id={REORDER_HELP_ID} className="visually-hidden">
      Press the up or down arrow key to move this stop one place, Home or End to make it the first or the last; or drag it.
    </p>
  );
}

/**
 * The drag handle of one stop (rendered once JavaScript runs): pointer drag over the list, or the
 * arrow keys, send the move form with the new position.
 */
export function DragHandle({ action, index, count, listingId, title, listRef }: { action: string; index: number; count: number; listingId: number; title: string; listRef: React.RefObject<HTMLOListElement> }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const drag = useRef<{ pointerId: number; startY: number; target: number } | null>(null);

  const send = (position: number) => {
    if (position === index || position < 0 || position >= count || navigation.state !== "idle") return;
    rememberFocus(listingId, "handle");
    const form = new FormData();
    form.set("intent", "move");
    form.set("index", String(index));
    form.set("position", String(position));
    submit(form, { method: "post", action });
  };

  const items = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>(":scope > .trip-stop") ?? []);

  /** The position the pointer is over: before the first stop whose middle is below it. */
  const positionAt = (y: number) => {
    const mids = items().map((li) => {
      const r = li.getBoundingClientRect();
      return r.top + r.height / 2;
    });
    const others = mids.filter((_, i) => i !== index);
    const before = others.findIndex((m) => y < m);
    return before === -1 ? others.length : before;
  };

  const mark = (target: number | null, dy = 0) => {
    items().forEach((li, i) => {
      li.classList.toggle("trip-stop--dragging", target !== null && i === index);
      li.style.transform = target !== null && i === index ? `translateY(${dy}px)` : "";
      const others = items().filter((_, k) => k !== index);
      const at = target === null ? -1 : others.indexOf(li);
      li.classList.toggle("trip-stop--drop-before", target !== null && i !== index && at === target);
      li.classList.toggle("trip-stop--drop-after", target !== null && i !== index && target === others.length && at === others.length - 1);
    });
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || navigation.state !== "idle") return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    drag.current = { pointerId: event.pointerId, startY: event.clientY, target: index };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    d.target = positionAt(event.clientY);
    mark(d.target, event.clientY - d.startY);
  };
  const onPointerEnd = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    mark(null);
    if (event.type === "pointerup") send(d.target);
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    const to = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    send(to);
  };

  useEffect(() => () => mark(null), []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <button
      type="button"
      className="trip-stop__handle"
      data-move="handle"
      aria-label={`Reorder stop ${index + 1} of ${count}: ${title}`}
      aria-describedby={REORDER_HELP_ID}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
    >
      <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16">
        <path d="M5 3h2v2H5zM9 3h2v2H9zM5 7h2v2H5zM9 7h2v2H9zM5 11h2v2H5zM9 11h2v2H9z" fill="currentColor" />
      </svg>
    </button>
  );
}
