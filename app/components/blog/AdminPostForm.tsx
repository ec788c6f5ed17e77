import { useActionData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useField, useIsSubmitting, ValidatedForm } from "remix-validated-form";
import type { EditablePostView } from "../../blog/admin-types";
import { adminPostValidator } from "../../blog/schemas";
import type { BlogCategory } from "../../blog/types";
import type { GalleryImage } from "../../../core/images";
import { RichTextEditor } from "../editor/RichTextEditor";
import { TextField } from "../forms/Field";
import { FormAlert, formErrorOf } from "../forms/FormParts";
import { ImageUploader } from "../gallery/ImageUploader";

function FieldError({ name, id }: { name: string; id: string }) {
  const { error } = useField(name);
  return error ? (
    <p id={id} className="field__error">
      {error}
    </p>
  ) : null;
}

function Save({ uploading }: { uploading: boolean }) {
  const submitting = useIsSubmitting("post");
  return (
    <button type="submit" className="button button--accent" disabled={submitting || uploading} aria-busy={submitting || undefined}>
      {submitting ? "Saving…" : uploading ? "Waiting for images…" : "Save post"}
    </button>
  );
}

/** The post form: title, slug, excerpt, rich-text body (slate; a textarea without JavaScript), categories, status and date, gallery and videos. */
export function AdminPostForm({ post, categories, images }: { post: EditablePostView; categories: BlogCategory[]; images: GalleryImage[] }) {
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const result: unknown = useActionData();
  return (
    <ValidatedForm
      validator={adminPostValidator}
      method="post"
      encType="multipart/form-data"
      id="post"
      noValidate
      className="form-stack"
      defaultValues={{ title: post.title, slug: post.slug, excerpt: post.excerpt, status: post.status, publishedAt: post.publishedAt, videos: post.videos }}
    >
      <FormAlert message={formErrorOf(result)} />
      <TextField formId="post" name="title" label="Title" maxLength={200} />
      <TextField formId="post" name="slug" label="Slug" optional maxLength={120} hint="The address: /bark-out/your-slug. Left empty, it is made from the title." />
      <TextField formId="post" name="excerpt" label="Excerpt" optional maxLength={500} hint="One or two sentences for the listing; left empty, the start of the body is used." />
      <div className="field">
        <label id="post-body-label" htmlFor="post-body" className="field__label">
          Body
        </label>
        <RichTextEditor name="body" initialHtml={post.bodyHtml} labelId="post-body-label" textareaId="post-body" invalid={false} />
        <FieldError name="body" id="post-body-error" />
      </div>
      <fieldset className="field">
        <legend className="field__label">Categories</legend>
        <div className="admin-checks">
          {categories.map((category) => (
            <label key={category.id} className="check">
              <input type="checkbox" name="categories" value={category.id} defaultChecked={post.categories.includes(category.id)} />
              {category.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="admin-row">
        <div className="field">
          <label htmlFor="post-status" className="field__label">
            Status
          </label>
          <select id="post-status" name="status" defaultValue={post.status} className="field__input field__select">
            <option value="draft">Draft</option>
            <option value="scheduled">Scheduled</option>
            <option value="published">Published</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="post-publishedAt" className="field__label">
            Published date (UTC)
          </label>
          <input id="post-publishedAt" type="datetime-local" name="publishedAt" defaultValue={post.publishedAt} className="field__input" aria-describedby="post-publishedAt-hint" />
          <p id="post-publishedAt-hint" className="field__hint">
            Scheduled posts appear at this time; published posts without a date get the time of saving.
          </p>
          <FieldError name="publishedAt" id="post-publishedAt-error" />
        </div>
      </div>
      <ImageUploader name="gallery" label="Gallery images" initial={images} onBusyChange={onBusyChange} />
      <div className="field">
        <label htmlFor="post-videos" className="field__label">
          Gallery videos <span className="field__optional">(optional)</span>
        </label>
        <p id="post-videos-hint" className="field__hint">
          One per line: the address of a video file on this site (/…) or an https embed address (YouTube, Vimeo), then | and a title. Readers load a video only when they click it.
        </p>
        <textarea id="post-videos" name="videos" rows={3} defaultValue={post.videos} className="field__input" aria-describedby="post-videos-hint" />
        <FieldError name="videos" id="post-videos-error" />
      </div>
      <div className="form-actions">
        <Save uploading={uploading} />
      </div>
    </ValidatedForm>
  );
}
