import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type { FetcherWithComponents } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { Modal } from "./Modal";

/** The loader data of a route whose loader type is L, as useFetcher<L>() delivers it. */
export type LoadedData<L> = NonNullable<
  FetcherWithComponents<SerializeFrom<L>>["data"]
>;

export interface SettingsModalLinkProps<L> {
  /** The sub-page this opens; without JavaScript the link simply goes there. */
  href: string;
  label: ReactNode;
  title: string;
  className?: string;
  render: (
    data: LoadedData<L>,
    fetcher: FetcherWithComponents<unknown>,
    close: () => void
  ) => ReactNode;
  /** Keep the modal (and what it shows) but not the link: a checklist item done by the modal's own form. */
  hideTrigger?: boolean;
}

/**
 * A link to a settings sub-page that, with JavaScript, opens the same form in a modal: the page's
 * loader data comes through a fetcher and the form submits through another, so a successful
 * submission's redirect (back to the settings page, with its message) closes the modal.
 */
export function SettingsModalLink<L>({
  href,
  label,
  title,
  className,
  render,
  hideTrigger = false,
}: SettingsModalLinkProps<L>) {
  const location = useLocation();
  // Open on the page it was opened on: a navigation (the form's redirect back, with its message) closes
  // it in the same render that shows the new page, so the modal never shows the page's fresh data (a
  // "done" state) before it closes, as an effect run after that render would.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const setOpen = (next: boolean) => setOpenOn(next ? location.key : null);
  const loader = useFetcher<L>();
  const submitter = useFetcher();

  const data = loader.data;

  return (
    <>
      {hideTrigger ? null : (
        <Link
          to={href}
          className={className}
          onClick={(event) => {
            if (
              event.metaKey ||
              event.ctrlKey ||
              event.shiftKey ||
              event.altKey ||
              event.button !== 0
            )
              return;
            event.preventDefault();
            setOpen(true);
            loader.load(href);
          }}
        >
          {label}
        </Link>
      )}
      <Modal title={title} open={open} onClose={() => setOpen(false)}>
        {data ? (
          render(data, submitter, () => setOpen(false))
        ) : (
          <p className="modal__loading" role="status">
            Loading…
          </p>
        )}
      </Modal>
    </>
  );
}
