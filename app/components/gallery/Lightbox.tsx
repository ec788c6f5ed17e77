import { useEffect, useRef, type MouseEvent } from "react";

/** One photo as the lightbox shows it, whatever stored it (listing and review uploads, blog posts). */
export interface LightboxPhoto {
  src: string | undefined;
  srcSet: string;
  width: number | undefined;
  height: number | undefined;
  alt: string;
}

/** A plain click on a link runs `action` instead (open the lightbox, start the video); a modified click (new tab…) follows the link. */
export function onPlainClick(event: MouseEvent<HTMLAnchorElement>, action: () => void) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  action();
}

/** The photos large in a modal <dialog>: previous/next (buttons and arrow keys), a count, Escape or Close. */
export function Lightbox({
  photos,
  index,
  title,
  onChange,
  onClose,
}: {
  photos: LightboxPhoto[];
  index: number;
  title: string;
  onChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const photo = photos[index];
  const previous = () => onChange((index - 1 + photos.length) % photos.length);
  const next = () => onChange((index + 1) % photos.length);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label={`Photo ${index + 1} of ${photos.length}: ${title}`}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") previous();
        if (event.key === "ArrowRight") next();
      }}
    >
      <img className="lightbox__image" src={photo.src} srcSet={photo.srcSet} sizes="90vw" width={photo.width} height={photo.height} alt={photo.alt} />
      <p className="lightbox__count" aria-live="polite">
        {index + 1} / {photos.length}
      </p>
      {photos.length > 1 ? (
        <div className="lightbox__nav">
          <button type="button" className="button button--quiet" onClick={previous}>
            Previous photo
          </button>
          <button type="button" className="button button--quiet" onClick={next}>
            Next photo
          </button>
        </div>
      ) : null}
      <button type="button" className="lightbox__close button" onClick={() => dialog.current?.close()} autoFocus>
        Close
      </button>
    </dialog>
  );
}
