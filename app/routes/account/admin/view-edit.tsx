import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { auditEntriesFor } from "../../../admin/audit.server";
import { decideVersion, defaultVersion, listingDiff, listingVersionsOf } from "../../../admin/listings.server";
import { readModerationReason } from "../../../admin/moderation";
import { optionalId, requiredId } from "../../../admin/params.server";
import { readFlash, redirectWithFlash } from "../../../auth/flash.server";
import { readForm } from "../../../auth/forms.server";
import { requireAdmin } from "../../../auth/guards.server";
import { AdminHistory, ReasonFields, StatusBadge } from "../../../components/admin/AdminParts";
import { fieldErrorOf, FormAlert, formErrorOf, Notice } from "../../../components/forms/FormParts";
import { formErrorResponse } from "../../../error-response.server";
import { AppError } from "../../../../core/errors";
import { formatDate } from "../../../../kit/format";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: `${page?.diff?.listing.title ?? "Listing"} — view and moderate — Pawroute` }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  // Without a listing: a small form asking for one (the tables link here with ?location=&version=).
  if (!url.searchParams.get("location")) return data({ diff: null, versions: [], history: [], flash: null });
  const listingId = requiredId(url.searchParams.get("location"), "listing");
  const versionId = optionalId(url.searchParams.get("version")) ?? (await defaultVersion(listingId));
  const [diff, versions, history, flash] = await Promise.all([listingDiff(listingId, versionId), listingVersionsOf(listingId), auditEntriesFor("listing", listingId, 10), readFlash(request)]);
  return data({ diff, versions, history, flash: flash.message }, { headers: flash.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const listingId = requiredId(form.get("location"), "listing");
  const versionId = requiredId(form.get("version"), "version");
  const intent = form.get("intent");
  if (intent !== "publish" && intent !== "deny" && intent !== "changes") return formErrorResponse(new AppError(400, "Please choose to publish, deny or ask for changes to this version."));
  const denial = intent === "publish" ? null : readModerationReason(form);
  if (denial && !denial.ok) return formErrorResponse(new AppError(400, denial.error, { fieldErrors: { reason: denial.error } }), { repopulateFields: denial.values });
  const outcome = await decideVersion(admin, versionId, intent === "publish" ? "accept" : intent, denial?.ok ? denial.reason : null);
  if (outcome.listingId !== listingId) throw new AppError(400, "That version belongs to another listing.");
  const message = !outcome.changed
    ? `This version was already ${DECIDED[intent]}; nothing changed.`
    : intent === "publish"
      ? `The listing has been published${outcome.points.earned > 0 ? ` and its author credited ${outcome.points.earned} Treat Points${outcome.points.pending ? " (pending until they verify their email)" : ""}` : ""}`
      : intent === "deny"
        ? "The listing has been denied and its author told why"
        : "The author has been asked for changes; the version is back with them as a draft";
  return redirectWithFlash(`/account/admin/view-edit?location=${listingId}&version=${versionId}`, message);
}

const DECISION_WORDS = { publish: "Published", deny: "Denied", changes: "Changes asked for" } as const;

const DECIDED = { publish: "live", deny: "denied", changes: "sent back for changes" } as const;

function Thumbs({ images }: { images: { id: string; url: string; alt: string }[] }) {
  if (images.length === 0) return <span className="admin-muted">No photos</span>;
  return (
    <div className="admin-diff__gallery">
      {images.map((image) => (
        <img key={image.id} src={image.url} alt={image.alt || "Listing photo"} width={96} height={72} loading="lazy" />
      ))}
    </div>
  );
}

function Marker({ point }: { point: { lat: number; lng: number } | null }) {
  if (!point) return <span className="admin-muted">No map marker</span>;
  const lat = point.lat.toFixed(5);
  const lng = point.lng.toFixed(5);
  return (
    <span>
      {lat}, {lng}{" "}
      <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`} target="_blank" rel="noreferrer noopener">
        Show on a map<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </span>
  );
}

export default function ViewEdit() {
  const { diff, versions, history, flash } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (!diff) {
    return (
      <div className="admin-page">
        <h1>View and moderate a listing</h1>
        <Form method="get" className="admin-filters">
          <label>
            Listing number
            <input type="text" inputMode="numeric" pattern="[0-9]*" name="location" required maxLength={10} />
          </label>
          <button type="submit" className="button button--small">
            Show
          </button>
        </Form>
        <p>
          Or choose one from the <Link to="/account/admin/listings/submitted">submitted listings</Link>.
        </p>
      </div>
    );
  }
  const hasLive = diff.liveVersion !== null;
  return (
    <div className="admin-page">
      <p className="eyebrow">
        <Link to="/account/admin/listings/submitted">Submitted listings</Link>
      </p>
      <h1>{diff.listing.title}</h1>
      <p>
        Listing <StatusBadge tone={diff.listing.status === 2 ? "live" : diff.listing.status === 3 ? "denied" : "waiting"}>{diff.listing.statusName}</StatusBadge> · version {diff.version.number}{" "}
        <StatusBadge tone={diff.version.status === 2 ? "live" : diff.version.status === 3 ? "denied" : "waiting"}>{diff.moderation?.changesRequested ? "Changes requested" : diff.version.statusName}</StatusBadge> · written by {diff.version.by} on{" "}
        {formatDate(diff.version.createdAt)} · author {diff.listing.author}
        {diff.listing.status === 2 ? (
          <>
            {" "}
            · <Link to={diff.listing.url}>Open the live page</Link> · <Link to={`${diff.listing.url}/edit`}>Edit</Link>
          </>
        ) : null}
      </p>
      {diff.moderation ? (
        <p className="admin-decision">
          {DECISION_WORDS[diff.moderation.changesRequested ? "changes" : diff.moderation.reason ? "deny" : "publish"]} by administrator {diff.moderation.by ?? "(a former administrator)"} on {formatDate(diff.moderation.at)}
          {diff.moderation.reason ? <>. Reason sent to the member: “{diff.moderation.reason}”</> : null}
        </p>
      ) : null}
      <Notice message={flash} />
      <FormAlert message={formErrorOf(result)} />
      {diff.decidable ? (
        <div className="admin-decide">
          <Form method="post" className="admin-actions" replace>
            <input type="hidden" name="location" value={diff.listing.id} />
            <input type="hidden" name="version" value={diff.version.id} />
            <button type="submit" name="intent" value="publish" className="button" disabled={busy} aria-busy={busy || undefined}>
              {busy && navigation.formData?.get("intent") === "publish" ? "Publishing…" : "Publish this version"}
            </button>
          </Form>
          {diff.version.status !== 3 ? (
            <Form method="post" className="form-stack admin-deny" replace>
              <input type="hidden" name="location" value={diff.listing.id} />
              <input type="hidden" name="version" value={diff.version.id} />
              <ReasonFields idPrefix="version" error={fieldErrorOf(result, "reason")} values={result?.repopulateFields as { reason: string; reasonText: string } | undefined} />
              <div className="admin-actions">
                <button type="submit" name="intent" value="changes" className="button button--quiet" disabled={busy}>
                  {busy && navigation.formData?.get("intent") === "changes" ? "Sending…" : "Ask for changes"}
                </button>
                <button type="submit" name="intent" value="deny" className="button button--danger" disabled={busy}>
                  {busy && navigation.formData?.get("intent") === "deny" ? "Denying…" : "Deny this version"}
                </button>
              </div>
            </Form>
          ) : null}
        </div>
      ) : null}
      <h2>{hasLive ? `Version ${diff.version.number} beside the live version ${diff.liveVersion?.number}` : "A new listing (never live): its details"}</h2>
      <table className="admin-diff">
        <thead>
          <tr>
            <th scope="col">Field</th>
            {hasLive ? <th scope="col">Live</th> : null}
            <th scope="col">Version {diff.version.number}</th>
          </tr>
        </thead>
        <tbody>
          {diff.fields.map((field) => (
            <tr key={field.label} className={field.changed && hasLive ? "admin-diff--changed" : undefined}>
              <th scope="row">
                {field.label}
                {field.changed && hasLive ? <span className="visually-hidden"> (changed)</span> : null}
              </th>
              {hasLive ? <td data-label="Live">{field.before || "—"}</td> : null}
              <td data-label={`Version ${diff.version.number}`}>{field.after || "—"}</td>
            </tr>
          ))}
          <tr className={diff.marker.movedMetres ? "admin-diff--changed" : undefined}>
            <th scope="row">Map marker</th>
            {hasLive ? (
              <td data-label="Live">
                <Marker point={diff.marker.before} />
              </td>
            ) : null}
            <td data-label={`Version ${diff.version.number}`}>
              <Marker point={diff.marker.after} />
              {diff.marker.movedMetres ? <span className="admin-muted"> (moved {diff.marker.movedMetres.toLocaleString("en-GB")} m)</span> : null}
            </td>
          </tr>
          <tr className={diff.gallery.changed && hasLive ? "admin-diff--changed" : undefined}>
            <th scope="row">Gallery</th>
            {hasLive ? (
              <td data-label="Live">
                <Thumbs images={diff.gallery.before} />
              </td>
            ) : null}
            <td data-label={`Version ${diff.version.number}`}>
              <Thumbs images={diff.gallery.after} />
            </td>
          </tr>
        </tbody>
      </table>
      <section className="admin-section" aria-labelledby="description-heading">
        <h2 id="description-heading">Description{hasLive ? (diff.description.changed ? " (changes marked)" : " (unchanged)") : ""}</h2>
        <div className="admin-card admin-description">
          {diff.description.parts.length === 0 ? (
            <p className="admin-muted">No description.</p>
          ) : (
            <p style={{ whiteSpace: "pre-wrap" }}>
              {diff.description.parts.map((part, index) =>
                part.added && hasLive ? (
                  <ins key={index}>
                    <span className="visually-hidden">[added] </span>
                    {part.value}
                  </ins>
                ) : part.removed ? (
                  <del key={index}>
                    <span className="visually-hidden">[removed] </span>
                    {part.value}
                  </del>
                ) : (
                  <span key={index}>{part.value}</span>
                ),
              )}
            </p>
          )}
        </div>
      </section>
      <div className="admin-columns">
        <section className="admin-section admin-card" aria-labelledby="versions-heading">
          <h2 id="versions-heading">Versions</h2>
          <ul className="admin-list">
            {versions.map((version) => (
              <li key={version.id}>
                {version.id === diff.version.id ? (
                  <span aria-current="page">Version {version.number}</span>
                ) : (
                  <Link to={`/account/admin/view-edit?location=${diff.listing.id}&version=${version.id}`}>Version {version.number}</Link>
                )}
                <span className="admin-list__meta">
                  {version.status} · {formatDate(version.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <AdminHistory noun="listing" entries={history} empty="No administrator has acted on this listing yet." />
      </div>
    </div>
  );
}
