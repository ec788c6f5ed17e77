import { useEffect, useId, useRef, useState } from "react";
import type { GalleryImage } from "../../../core/images";

/**
 * One place in the gallery: a saved image, or a file still uploading. Each chosen file takes its slot when
 * chosen, so photos picked together keep the order picked, whichever upload finishes first.
 */
type Slot = { key: string; image: GalleryImage } | { key: string; image: null; name: string; progress: number };

interface Props {
  /** The hidden inputs' name: one per image id, in order. */
  name: string;
  label: string;
  initial: GalleryImage[];
  /** Told when uploads start and finish, so the form can disable its submit button meanwhile. */
  onBusyChange: (busy: boolean) => void;
  max?: number;
  /** The server's message for this field after a submission without JavaScript (a file it refused). */
  serverError?: string | null;
}

function isGalleryImage(value: unknown): value is GalleryImage {
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "string" && "versions" in value;
}

function messageOf(value: unknown): string | null {
  return typeof value === "object" && value !== null && "message" in value && typeof value.message === "string" ? value.message : null;
}

/** POST /api/gallery/items with progress (fetch cannot report upload progress; XMLHttpRequest can). */
function upload(file: File, onProgress: (fraction: number) => void): Promise<GalleryImage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const body = new FormData();
    body.append("file", file);
    request.open("POST", "/api/gallery/items");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer: unknown = request.response;
      if (request.status >= 200 && request.status < 300 && isGalleryImage(answer)) resolve(answer);
      else reject(new Error(messageOf(answer) ?? "Sorry, the image could not be uploaded. Please try again."));
    };
    request.onerror = () => reject(new Error("Sorry, the image could not be uploaded. Please check your connection and try again."));
    request.send(body);
  });
}

/**
 * A gallery field. Without JavaScript the file input goes with the form and the server processes it.
 * With JavaScript each chosen file uploads at once with a progress placeholder; a failed upload removes
 * its placeholder and shows the message; the form carries only the uploaded ids.
 */
export function ImageUploader({ name, label, initial, onBusyChange, max = 20, serverError = null }: Props) {
  const [slots, setSlots] = useState<Slot[]>(() => initial.map((image) => ({ key: image.id, image })));
  const [error, setError] = useState<string | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = slots.some((slot) => slot.image === null);

  useEffect(() => setEnhanced(true), []);
  useEffect(() => onBusyChange(busy), [busy, onBusyChange]);

  const start = (files: File[]) => {
    setError(null);
    const room = Math.max(0, max - slots.length);
    if (files.length > room) setError(`You can add up to ${max} photos.`);
    const chosen = files.slice(0, room).map((file) => ({ file, key: `${file.name}-${Math.random().toString(36).slice(2)}` }));
    // Every slot is placed now, in the order picked; a finished upload fills its own slot.
    setSlots((list) => [...list, ...chosen.map(({ file, key }): Slot => ({ key, image: null, name: file.name, progress: 0 }))]);
    for (const { file, key } of chosen) {
      upload(file, (progress) => setSlots((list) => list.map((slot) => (slot.key === key && slot.image === null ? { ...slot, progress } : slot))))
        .then((image) => setSlots((list) => list.map((slot): Slot => (slot.key === key ? { key, image } : slot))))
        .catch((failure: unknown) => {
          setSlots((list) => list.filter((slot) => slot.key !== key));
          setError(failure instanceof Error ? failure.message : String(failure));
        });
    }
  };

  const remove = (image: GalleryImage) => {
    // Spec: image deletion asks first.
    if (!window.confirm("Are you sure you want to delete this image?")) return;
    setSlots((list) => list.filter((slot) => slot.image?.id !== image.id));
    // An upload not yet saved anywhere is deleted; a saved one simply leaves this gallery (the server refuses to delete it).
    void fetch(`/api/files/${image.id}`, { method: "DELETE" }).catch(() => undefined);
  };

  return (
    <fieldset className="uploader">
      <legend className="field__label">{label}</legend>
      <ul className="uploader__list" aria-live="polite">
        {slots.map((slot, index) =>
          slot.image ? (
            <li key={slot.key} className="uploader__item">
              <input type="hidden" name={name} value={slot.image.id} />
              <img src={slot.image.versions["6"]?.url} width={slot.image.versions["6"]?.width} height={slot.image.versions["6"]?.height} alt={`Photo ${index + 1}`} />
              <button type="button" className="uploader__remove" onClick={() => slot.image && remove(slot.image)}>
                Remove<span className="visually-hidden"> photo {index + 1}</span>
              </button>
            </li>
          ) : (
            <li key={slot.key} className="uploader__item uploader__item--pending">
              <span className="uploader__name">{slot.name}</span>
              <progress max={1} value={slot.progress} aria-label={`Uploading ${slot.name}`} />
            </li>
          ),
        )}
      </ul>
      <label htmlFor={id} className="uploader__choose">
        Add photos
      </label>
      <input
        ref={input}
        id={id}
        className="uploader__input"
        type="file"
        name={enhanced ? undefined : "images"}
        accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif"
        multiple
        onChange={(event) => {
          if (!enhanced) return;
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = "";
          start(files);
        }}
      />
      <p className="field__hint">JPEG, PNG, WebP, GIF or HEIC photos up to 15 MB each.</p>
      {(error ?? serverError) ? (
        <p className="field__error uploader__error" role="alert">
          {error ?? serverError}
        </p>
      ) : null}
    </fieldset>
  );
}
