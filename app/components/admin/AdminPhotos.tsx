import { Form, useNavigation } from "@remix-run/react";

export interface AdminPhoto {
  id: string;
  url: string;
  alt: string;
}

/**
 * Photos an administrator may remove (and, with `reorder`, move): each button is a small form posting an
 * intent and the image's id, so it works without JavaScript; removal asks first (the server's confirmation).
 */
export function AdminPhotos({ photos, noun, removeIntent, reorderIntent, withImageField = true }: { photos: AdminPhoto[]; noun: string; removeIntent: string; reorderIntent?: string; withImageField?: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <ul className="admin-photos">
      {photos.map((photo, index) => {
        const label = `${noun} ${index + 1}`;
        return (
          <li key={photo.id} className="admin-photos__item">
            <img src={photo.url} alt={photo.alt || label} width={96} height={72} loading="lazy" />
            <Form method="post" replace className="admin-photos__actions">
              {withImageField ? <input type="hidden" name="image" value={photo.id} /> : null}
              {reorderIntent && photos.length > 1 ? (
                <>
                  <button type="submit" name="intent" value={`${reorderIntent}-earlier`} className="button button--small button--quiet" disabled={busy || index === 0}>
                    Earlier<span className="visually-hidden"> ({label})</span>
                  </button>
                  <button type="submit" name="intent" value={`${reorderIntent}-later`} className="button button--small button--quiet" disabled={busy || index === photos.length - 1}>
                    Later<span className="visually-hidden"> ({label})</span>
                  </button>
                </>
              ) : null}
              <button type="submit" name="intent" value={removeIntent} className="button button--small button--danger" disabled={busy}>
                Remove photo<span className="visually-hidden"> ({label})</span>
              </button>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
