import { useEffect, useRef, useState } from "react";
import type { BlogGalleryView, BlogImageItem, BlogVideoItem } from "../../blog/types";

/** A video appears as a link; its player (or the embed's iframe) loads only after a click. */
function Video({ item }: { item: BlogVideoItem }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return item.embed ? (
      <iframe className="blog-gallery__video" src={item.url} title={item.title} allow="fullscreen; picture-in-picture" loading="lazy" />
    ) : (
      <video className="blog-gallery__video" src={item.url} controls autoPlay preload="none" aria-label={item.title} />
    );
  }
  return (
    <a
      href={item.url}
      className="blog-gallery__play"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        setPlaying(true);
      }}
    >
      <span aria-hidden="true">▶</span> Play video: {item.title}
    </a>
  );
}

function Lightbox({ images, index, title, onChange, onClose }: { images: BlogImageItem[]; index: number; title: string; onChange: (index: number) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const image = images[index];
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
      <img src={image.large} alt={image.alt || `Photo ${index + 1} of ${title}`} className="lightbox__image" />
      <div className="lightbox__controls">
        {images.length > 1 ? (
          <button type="button" className="button button--quiet" onClick={previous}>
            Previous
          </button>
        ) : null}
        <button type="button" className="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
        {images.length > 1 ? (
          <button type="button" className="button button--quiet" onClick={next}>
            Next
          </button>
        ) : null}
      </div>
    </dialog>
  );
}

/** The post's gallery: images open large (a link without JavaScript, a lightbox with it) and videos play on click. */
export function PostGallery({ items, title }: { items: BlogGalleryView[]; title: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const images = items.filter((item): item is BlogImageItem => item.kind === "image");
  if (items.length === 0) return null;
  return (
    <section className="blog-gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title">Gallery</h2>
      <ul className="blog-gallery__items">
        {items.map((item, position) =>
          item.kind === "image" ? (
            <li key={item.id}>
              <a
                href={item.large}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  setOpen(images.indexOf(item));
                }}
              >
                <img src={item.thumb} srcSet={item.srcset} sizes="(min-width: 960px) 300px, 45vw" width={item.width} height={item.height} alt={item.alt || `Photo ${images.indexOf(item) + 1} of ${title}`} loading="lazy" />
              </a>
            </li>
          ) : (
            <li key={`video-${position}`}>
              <Video item={item} />
            </li>
          ),
        )}
      </ul>
      {open !== null ? <Lightbox images={images} index={open} title={title} onChange={setOpen} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
