import { Form, Link, useActionData, type FetcherWithComponents } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { ALT_TITLE_MAX, DELETE_IMAGE_QUESTION, galleryItemValidator } from "../../members/schemas";
import type { GalleryImage } from "../../../core/images";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf, SubmitButton } from "../forms/FormParts";
import { DeleteImageButton } from "./DeleteImageButton";

export interface GalleryItemData {
  image: GalleryImage | null;
  confirmDelete: boolean;
  message: string | null;
}

/**
 * One gallery image: its description (alt text and title) and delete. With JavaScript the delete asks
 * 'Are you sure you want to delete this image?' in a dialog (DeleteImageButton); without, the page asks it (?delete).
 */
export function GalleryItemForm({ data, fetcher }: { data: GalleryItemData; fetcher?: FetcherWithComponents<unknown> }) {
  if (!data.image) {
    return (
      <p className="form-alert" role="alert">
        {data.message} <Link to="/account/edit-profile">Back to your profile</Link>
      </p>
    );
  }
  return <GalleryImageForms image={data.image} confirmDelete={data.confirmDelete} fetcher={fetcher} />;
}

function GalleryImageForms({ image, confirmDelete, fetcher }: { image: GalleryImage; confirmDelete: boolean; fetcher?: FetcherWithComponents<unknown> }) {
  const data = { image, confirmDelete };
  const actionData: unknown = useActionData();
  const result = fetcher ? fetcher.data : actionData;
  const action = `/account/edit-gallery/${data.image.id}`;
  const DeleteForm = fetcher ? fetcher.Form : Form;
  return (
    <div className="gallery-item-edit">
      <img src={data.image.versions["5"]?.url ?? data.image.versions["6"]?.url} alt={data.image.altTitle || "Your gallery photo"} className="gallery-item-edit__img" />
      {data.confirmDelete ? (
        <div className="form-alert" role="alert">
          <p>{DELETE_IMAGE_QUESTION}</p>
          <DeleteForm method="post" action={action} className="form-actions">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="button button--accent">
              Yes, delete it
            </button>
            <Link to={action} className="button button--quiet">
              No, keep it
            </Link>
          </DeleteForm>
        </div>
      ) : null}
      <ValidatedForm validator={galleryItemValidator} method="post" action={action} id="gallery-item" fetcher={fetcher} defaultValues={{ altTitle: data.image.altTitle }} noValidate className="form-stack">
        <FormAlert message={formErrorOf(result)} />
        <input type="hidden" name="intent" value="update" />
        <TextField formId="gallery-item" name="altTitle" label="Describe the photo" optional maxLength={ALT_TITLE_MAX * 2} hint="Used as its title and as the text read out for people who cannot see it." />
        <div className="form-actions">
          <SubmitButton pending="Saving…">Save</SubmitButton>
        </div>
      </ValidatedForm>
      {data.confirmDelete ? null : (
        <DeleteImageButton label="Delete image" action={action} fields={{ intent: "delete" }} askAction={action} askParam="delete" fetcher={fetcher} />
      )}
    </div>
  );
}
