import { useEffect, useRef, useState } from "react";
import type { GalleryImage } from "../../uploads/images";

/**
 * Photos as a grid of responsive images (srcset from the stored versions). Each opens the large
 * version: a plain link without JavaScript, a lightbox with previous/next and Escape with it.
 */
export function Gallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  return (
    <>
      <ul className="gallery" aria-label={`Photos of ${title}`}>
        {images.map((image, index) => {
          const thumb = image.versions["5"] ?? image.versions["6"];
          const large = image.versions["1"] ?? thumb;
          const alt = image.altTitle || `Photo ${index + 1} of ${title}`;
          return (
            <li key={image.id} className="gallery__item">
              <a
                href={large?.url}
                className="gallery__link"
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  setOpen(index);
                }}
              >
                <img src={thumb?.url} srcSet={image.srcset} sizes="(min-width: 960px) 240px, 45vw" width={thumb?.width} height={thumb?.height} alt={alt} loading={index > 3 ? "lazy" : undefined} />
              </a>
            </li>
          );
        })}
      </ul>
      {open !== null ? <Lightbox images={images} index={open} title={title} onChange={setOpen} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function Lightbox({ images, index, title, onChange, onClose }: { images: GalleryImage[]; index: number; title: string; onChange: (index: number) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const image = images[index];
  const large = image.versions["1"] ?? image.versions["3"];
  const previous = () => onChange((index - 1 + images.length) % images.length);
  const next = () => onChange((index + 1) % images.length);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-label={`Photo ${index + 1} of ${images.length}: ${title}`}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") previous();
        if (event.key === "ArrowRight") next();
      }}
    >
      <img className="lightbox__image" src={large?.url} srcSet={image.srcset} sizes="90vw" width={large?.width} height={large?.height} alt={image.altTitle || `Photo ${index + 1} of ${title}`} />
      <p className="lightbox__count" aria-live="polite">
        {index + 1} / {images.length}
      </p>
      {images.length > 1 ? (
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
