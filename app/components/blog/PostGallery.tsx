import { useEffect, useRef, useState } from "react";
import type { BlogGalleryView, BlogImageItem, BlogVideoItem } from "../../blog/types";
import { Lightbox, onPlainClick } from "../gallery/Lightbox";

/**
 * A video appears as a link; its player (or the embed's iframe) loads only after a click, so nothing is
 * asked of YouTube or Vimeo before the reader chooses to play (their players are the only frames the
 * post page's CSP allows). Focus moves to the player that replaced the link.
 */
function Video({ item }: { item: BlogVideoItem }) {
  const [playing, setPlaying] = useState(false);
  const player = useRef<HTMLIFrameElement & HTMLVideoElement>(null);
  useEffect(() => {
    if (playing) player.current?.focus();
  }, [playing]);
  if (playing) {
    return item.embed ? (
      <iframe
        ref={player}
        className="blog-gallery__video"
        src={item.url}
        title={item.title}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    ) : (
      <video ref={player} className="blog-gallery__video" src={item.url} controls autoPlay preload="none" aria-label={item.title} />
    );
  }
  return (
    <a href={item.url} className="blog-gallery__play" onClick={(event) => onPlainClick(event, () => setPlaying(true))}>
      <span aria-hidden="true">▶</span> Play video: {item.title}
    </a>
  );
}

/** The post's gallery: images open large (a link without JavaScript, the shared Lightbox with it) and videos play on click. */
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
              <a href={item.large} onClick={(event) => onPlainClick(event, () => setOpen(images.indexOf(item)))}>
                <img
                  src={item.thumb}
                  srcSet={item.srcset}
                  sizes="(min-width: 960px) 300px, 45vw"
                  width={item.width}
                  height={item.height}
                  alt={item.alt || `Photo ${images.indexOf(item) + 1} of ${title}`}
                  loading="lazy"
                />
              </a>
            </li>
          ) : (
            <li key={`video-${position}`}>
              <Video item={item} />
            </li>
          )
        )}
      </ul>
      {open !== null ? (
        <Lightbox
          photos={images.map((image, index) => ({
            src: image.large,
            srcSet: image.srcset,
            width: image.width,
            height: image.height,
            alt: image.alt || `Photo ${index + 1} of ${title}`,
          }))}
          index={open}
          title={title}
          onChange={setOpen}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
