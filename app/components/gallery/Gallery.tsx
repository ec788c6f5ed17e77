import { useState } from "react";
import type { GalleryImage } from "../../../core/images";
import { Lightbox, onPlainClick, type LightboxPhoto } from "./Lightbox";

function photoOf(image: GalleryImage, index: number, title: string): LightboxPhoto {
  const large = image.versions["1"] ?? image.versions["3"];
  return { src: large?.url, srcSet: image.srcset, width: large?.width, height: large?.height, alt: image.altTitle || `Photo ${index + 1} of ${title}` };
}

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
              <a href={large?.url} className="gallery__link" onClick={(event) => onPlainClick(event, () => setOpen(index))}>
                <img
                  src={thumb?.url}
                  srcSet={image.srcset}
                  sizes="(min-width: 960px) 240px, 45vw"
                  width={thumb?.width}
                  height={thumb?.height}
                  alt={alt}
                  loading={index > 3 ? "lazy" : undefined}
                />
              </a>
            </li>
          );
        })}
      </ul>
      {open !== null ? (
        <Lightbox
          photos={images.map((image, index) => photoOf(image, index, title))}
          index={open}
          title={title}
          onChange={setOpen}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
