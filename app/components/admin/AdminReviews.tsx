import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { REVIEW_FILTERS, type AdminReviewDetail, type AdminReviewsPage, type ReviewFilter } from "../../admin/reviews.types";
import type { AuditEntryView } from "../../admin/types";
import { FormAlert, formErrorOf, Notice } from "../forms/FormParts";
import { Modal } from "../forms/Modal";
import { AdminBulkTable, AdminOutcome, AdminSearch, AdminTabs } from "./AdminListParts";
import { useHydrated } from "../search/hooks";
import { AdminHistory, AdminPages, ConfirmAction, StatusBadge } from "./AdminParts";
import type { Confirmation } from "../../../core/errors";
import { AdminPhotos } from "./AdminPhotos";
import { formatDate } from "../../../kit/format";

/** The edit form's name in an error body (formId): its errors open the form again, with what was typed. */
export const REVIEW_EDIT_FORM = "review-edit";

/** The action's answer: a question to confirm, or the one error body. */
interface ActionData {
  message?: string;
  fieldErrors?: Record<string, string>;
  formId?: string;
  repopulateFields?: Record<string, string>;
  confirm?: Confirmation | null;
}

function tone(status: number): "waiting" | "live" | "denied" {
  return status === 0 ? "waiting" : status === 3 ? "denied" : "live";
}

function stars(rating: number): string {
  return `${rating} of 5 stars`;
}

export function ReviewsTable({ page, flash }: { page: AdminReviewsPage; flash: string | null }) {
  const result = useActionData<ActionData>();
  const location = useLocation();
  return (
    <div className="admin-page">
      <h1>Reviews</h1>
      <AdminTabs
        label="Reviews by status"
        tabs={(Object.keys(REVIEW_FILTERS) as ReviewFilter[]).map((key) => ({
          to: key === "all" ? "/account/admin/reviews" : `/account/admin/reviews/${key}`,
          label: REVIEW_FILTERS[key].label,
          current: page.filter === key,
        }))}
      />
      <AdminOutcome flash={flash} result={result} />
      <AdminSearch label="Search reviews" query={page.query.q} limit={page.pagination.limit} />
      <AdminBulkTable
        rows={page.reviews}
        noun="reviews"
        one="review"
        actions={[
          { intent: "accept", label: "Approve" },
          { intent: "deny", label: "Deny" },
          { intent: "restore", label: "Restore" },
          { intent: "delete", label: "Delete", danger: true },
        ]}
        selectLabel={(review) => `Select the review ${review.title || review.excerpt.slice(0, 40)}`}
        columns={[
          {
            header: "Review",
            cell: (review) => (
              <>
                <Link to={`/account/admin/reviews/${review.hexId}`}>{review.title || "Untitled review"}</Link> <span className="admin-muted">({stars(review.rating)})</span>
                <br />
                <span className="admin-muted">{review.excerpt}</span>
              </>
            ),
          },
          { header: "Status", cell: (review) => <StatusBadge tone={tone(review.status)}>{review.label}</StatusBadge> },
          { header: "Listing", cell: (review) => <Link to={review.listing.url}>{review.listing.title}</Link> },
          { header: "Member", cell: (review) => review.author },
          { header: "Date", cell: (review) => formatDate(review.createdAt) },
        ]}
      />
      <AdminPages pagination={page.pagination} search={location.search} noun="reviews" />
    </div>
  );
}

/** The edit form: 'Update & Accept' unless the review is accepted (status 2); 'Delete Review' when denied (3), else 'Deny Review'. */
function ReviewEditForm({ review, result, onCancel }: { review: AdminReviewDetail; result: ActionData | undefined; onCancel?: () => void }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const intent = navigation.formData?.get("intent");
  const edited = result?.formId === REVIEW_EDIT_FORM;
  const values = edited ? result?.repopulateFields : undefined;
  const errors = (edited ? result?.fieldErrors : undefined) ?? {};
  return (
    <Form method="post" className="form-stack" replace noValidate>
      <div className={`field${errors.rating ? " field--invalid" : ""}`}>
        <label htmlFor="review-rating">Rating</label>
        <select id="review-rating" name="rating" defaultValue={values?.rating ?? String(review.rating)} aria-invalid={errors.rating ? true : undefined} aria-describedby={errors.rating ? "review-rating-error" : undefined}>
          {[5, 4, 3, 2, 1].map((rating) => (
            <option key={rating} value={rating}>
              {stars(rating)}
            </option>
          ))}
        </select>
        {errors.rating ? (
          <p className="field__error" id="review-rating-error">
            {errors.rating}
          </p>
        ) : null}
      </div>
      <div className={`field${errors.title ? " field--invalid" : ""}`}>
        <label htmlFor="review-title">Title (optional)</label>
        <input id="review-title" name="title" type="text" maxLength={120} defaultValue={values?.title ?? review.title} aria-invalid={errors.title ? true : undefined} aria-describedby={errors.title ? "review-title-error" : undefined} />
        {errors.title ? (
          <p className="field__error" id="review-title-error">
            {errors.title}
          </p>
        ) : null}
      </div>
      <div className={`field${errors.content ? " field--invalid" : ""}`}>
        <label htmlFor="review-content">Review</label>
        <textarea id="review-content" name="content" rows={8} minLength={100} maxLength={5000} defaultValue={values?.content ?? review.content} aria-invalid={errors.content ? true : undefined} aria-describedby={errors.content ? "review-content-error" : undefined} />
        {errors.content ? (
          <p className="field__error" id="review-content-error">
            {errors.content}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        {review.status !== 2 ? (
          <button type="submit" name="intent" value="update-accept" className="button" disabled={busy} aria-busy={(busy && intent === "update-accept") || undefined}>
            {busy && intent === "update-accept" ? "Saving…" : "Update & Accept"}
          </button>
        ) : (
          <button type="submit" name="intent" value="update" className="button" disabled={busy} aria-busy={(busy && intent === "update") || undefined}>
            {busy && intent === "update" ? "Saving…" : "Update"}
          </button>
        )}
        {review.status === 3 ? (
          <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
            Delete Review
          </button>
        ) : (
          <button type="submit" name="intent" value="deny" className="button button--danger" disabled={busy}>
            Deny Review
          </button>
        )}
        {onCancel ? (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </Form>
  );
}

export function ReviewDetailPage({ review, history, flash }: { review: AdminReviewDetail; history: AuditEntryView[]; flash: string | null }) {
  const result = useActionData<ActionData>();
  const location = useLocation();
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  // A saved edit reloads the review: the dialog closes (a failed one reopens it just below).
  useEffect(() => setEditing(false), [review]);
  useEffect(() => {
    if (result?.formId === REVIEW_EDIT_FORM) setEditing(true);
    if (result?.confirm) setEditing(false);
  }, [result]);
  return (
    <div className="admin-page">
      <p className="eyebrow">
        <Link to="/account/admin/reviews/unmoderated">Unmoderated reviews</Link>
      </p>
      <h1>
        {review.title || "Untitled review"} <StatusBadge tone={tone(review.status)}>{review.label}</StatusBadge>
      </h1>
      <Notice message={flash} />
      <FormAlert message={result?.formId === REVIEW_EDIT_FORM ? null : formErrorOf(result)} />
      {result?.confirm ? <ConfirmAction key={result.confirm.intent} confirmation={result.confirm} cancelTo={location.pathname} /> : null}
      <div className="admin-columns">
        <section className="admin-card admin-section" aria-labelledby="review-heading">
          <h2 id="review-heading">The review</h2>
          <p>
            <strong>{stars(review.rating)}</strong> by {review.author} on {formatDate(review.createdAt)} about{" "}
            <Link to={review.listing.url}>{review.listing.title}</Link>
          </p>
          <p style={{ whiteSpace: "pre-line" }}>{review.content}</p>
          <h3>Photos ({review.gallery.length})</h3>
          {review.gallery.length > 0 ? <AdminPhotos photos={review.gallery} noun="Review photo" removeIntent="remove-photo" reorderIntent="move-photo" /> : null}
          <Form method="post" encType="multipart/form-data" replace className="admin-photos__add">
            <input type="hidden" name="intent" value="add-photos" />
            <label htmlFor="review-add-photos" className="field__label">
              Add photos to the review
            </label>
            <input id="review-add-photos" type="file" name="images" multiple accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif" className="field__input" />
            <button type="submit" className="button button--small">
              Add photos
            </button>
          </Form>
          {review.moderatedAt ? (
            <p className="admin-muted">
              {review.label ? `${review.label.replace(/[()]/g, "")} by` : "Last moderated by"} administrator {review.moderatedBy ?? "(a former administrator)"} on{" "}
              {formatDate(review.moderatedAt)}
              {review.moderationReason ? <>. Reason sent to the member: “{review.moderationReason}”</> : null}
            </p>
          ) : null}
          {hydrated ? (
            <div className="form-actions">
              <button type="button" className="button" onClick={() => setEditing(true)}>
                Edit review
              </button>
              {review.status === 3 ? (
                <Form method="post" replace>
                  <button type="submit" name="intent" value="restore" className="button button--quiet">
                    Restore
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
        </section>
        <AdminHistory noun="review" entries={history} empty="No administrator has acted on this review yet." />
      </div>
      {hydrated ? (
        <Modal title="Edit review" open={editing} onClose={() => setEditing(false)}>
          <FormAlert message={result?.formId === REVIEW_EDIT_FORM ? formErrorOf(result) : null} />
          <ReviewEditForm review={review} result={result} onCancel={() => setEditing(false)} />
        </Modal>
      ) : (
        <section className="form-panel admin-section" aria-labelledby="edit-heading">
          <h2 id="edit-heading">Edit review</h2>
          <FormAlert message={result?.formId === REVIEW_EDIT_FORM ? formErrorOf(result) : null} />
          <ReviewEditForm review={review} result={result} />
          {review.status === 3 ? (
            <Form method="post" className="form-actions">
              <button type="submit" name="intent" value="restore" className="button button--quiet">
                Restore
              </button>
            </Form>
          ) : null}
        </section>
      )}
    </div>
  );
}
