import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { redirectWithFlash } from "../../auth/flash.server";
import { validateForm } from "../../auth/forms.server";
import { requireMember } from "../../auth/guards.server";
import { StatusPage } from "../../components/StatusPage";
import { GalleryItemForm } from "../../components/members/GalleryItemForm";
import { memberFormAction, textField } from "../../members/forms.server";
import { deleteGalleryImage, findOwnGalleryImage, PROFILE_MESSAGES, updateGalleryImage } from "../../members/profile.server";
import { galleryItemValidator } from "../../members/schemas";
import membersStyles from "../../styles/members.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: membersStyles }];

export const meta: MetaFunction = () => [{ title: "Edit image — Pawroute" }];

/** /account/edit-gallery/{hex id}: the page, and the modal's data (the modal may add ?user=…; the member is always the session's). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const image = await findOwnGalleryImage(user.id, params.id ?? "");
  // A missing image answers 404 with data rather than an error: a modal whose image was just deleted
  // may load it once more, and must not turn the page behind it into an error page.
  if (!image) return data({ image: null, confirmDelete: false, message: PROFILE_MESSAGES.imageNotFound }, { status: 404 });
  return { image, confirmDelete: new URL(request.url).searchParams.has("delete"), message: null };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const id = params.id ?? "";
  return memberFormAction(request, async (form) => {
    const intent = textField(form, "intent", 20);
    if (intent === "delete") {
      await deleteGalleryImage(user, id);
      return redirectWithFlash("/account/edit-profile", PROFILE_MESSAGES.galleryDeleted);
    }
    const valid = await validateForm(galleryItemValidator, form);
    if (!valid.ok) return valid.response;
    await updateGalleryImage(user, id, valid.data.altTitle);
    return redirectWithFlash("/account/edit-profile", PROFILE_MESSAGES.imageUpdated);
  });
}

/**
 * Every action of this page ends on /account/edit-profile, so its data never needs reloading; and the
 * edit-profile modal's fetcher must not load a deleted image again (that would be a 404).
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export default function EditGallery() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="container account-page members-page">
      <p className="eyebrow">
        <Link to="/account/edit-profile">Edit your profile</Link>
      </p>
      <h1>Edit image</h1>
      <div className="form-panel">
        <GalleryItemForm data={loaderData} />
      </div>
      <p>
        <Link to="/account/edit-profile">Back to your profile</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}

