import { useEffect, useRef, type ReactNode } from "react";

/**
 * A dialog over the page (the native <dialog>: focus is kept inside, Escape closes it). Named by its
 * title with aria-label, not aria-labelledby and a useId(): a modal inside a part that hydrates late (the
 * member's lists under the favourite toggle, decision 0321) takes its useId() number after the rest of the
 * page, so the ids the server wrote and the browser's differ, and a second modal on the page (a listing's
 * history) could end up pointing at the first one's title.
 */
export function Modal({ title, open, onClose, children }: { title: string; open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={ref} className="modal" aria-label={title} onClose={onClose}>
      <div className="modal__header">
        <h2 className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      <div className="modal__body">{open ? children : null}</div>
    </dialog>
  );
}
