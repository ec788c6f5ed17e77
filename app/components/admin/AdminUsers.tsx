import { Form, Link, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { adminEmailValidator, adminUsernameValidator, awardPointsValidator } from "../../admin/schemas";
import type { AuditEntryView } from "../../admin/types";
import { USER_FILTERS, type AdminUserDetail, type AdminUsersPage, type UserFilter } from "../../admin/users.types";
import { addressValidator, changePasswordValidator } from "../../auth/validators";
import { SelectField, TextField } from "../forms/Field";
import { FormAlert, formErrorOf, Notice, SubmitButton } from "../forms/FormParts";
import { AdminPages, ConfirmAction, SelectAll, StatusBadge, type Confirmation } from "./AdminParts";
import { AuditList } from "./AuditList";

interface ActionData {
  formError?: string | null;
  confirm?: Confirmation | null;
  formId?: string;
}

function date(value: string): string {
  return new Date(value).toLocaleDateString("en-GB", { timeZone: "Europe/London" });
}

export function UsersTable({ page, flash, self }: { page: AdminUsersPage; flash: string | null; self: number }) {
  const result = useActionData<ActionData>();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="admin-page">
      <h1>Members</h1>
      <ul className="admin-tabs" aria-label="Members by kind">
        {(Object.keys(USER_FILTERS) as UserFilter[]).map((key) => (
          <li key={key}>
            <Link to={key === "active" ? "/account/admin/users" : `/account/admin/users/${key}`} aria-current={page.filter === key ? "page" : undefined}>
              {USER_FILTERS[key]}
            </Link>
          </li>
        ))}
      </ul>
      <Notice message={flash} />
      <FormAlert message={result?.formError} />
      {result?.confirm ? <ConfirmAction key={result.confirm.ids.join(",")} confirmation={result.confirm} cancelTo={location.pathname + location.search} /> : null}
      <Form method="get" className="admin-filters" role="search">
        <label>
          Email or username
          <input type="search" name="q" defaultValue={page.query.q} maxLength={100} />
        </label>
        <input type="hidden" name="limit" value={page.pagination.limit} />
        <button type="submit" className="button button--small">
          Search
        </button>
      </Form>
      <Form method="post" action={location.pathname + location.search} replace>
        {page.filter !== "deleted" ? (
          <div className="admin-bulk">
            <span className="admin-muted">With the selected members:</span>
            <button type="submit" name="intent" value="delete" className="button button--small button--danger" disabled={busy}>
              Delete
            </button>
          </div>
        ) : null}
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards">
            <thead>
              <tr>
                <th scope="col" className="admin-table__check">
                  <SelectAll label="Select every member on this page" />
                </th>
                <th scope="col">Member</th>
                <th scope="col">Email</th>
                <th scope="col">Treat Points</th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {page.users.length === 0 ? (
                <tr>
                  <td colSpan={5}>No members match.</td>
                </tr>
              ) : (
                page.users.map((user) => (
                  <tr key={user.id}>
                    <td className="admin-table__check">
                      {user.deleted || user.id === self ? null : <input type="checkbox" name="ids" value={user.id} aria-label={`Select ${user.username ?? user.email}`} />}
                    </td>
                    <td data-label="Member">
                      <Link to={`/account/admin/users/${user.hexId}`}>{user.deleted ? "A former member" : (user.username ?? "(no username yet)")}</Link>
                      {user.isAdmin ? <StatusBadge tone="live">Administrator</StatusBadge> : null}
                      {!user.verified && !user.deleted ? <StatusBadge tone="waiting">Email not verified</StatusBadge> : null}
                    </td>
                    <td data-label="Email">{user.deleted ? "—" : user.email}</td>
                    <td data-label="Treat Points">{user.points.toLocaleString("en-GB")}</td>
                    <td data-label="Joined">{date(user.createdAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </Form>
      <AdminPages pagination={page.pagination} search={location.search} noun="members" />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="admin-card admin-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

export function UserDetailPage({
  user,
  countries,
  history,
  awardKey,
  self,
  flash,
  subscription,
}: {
  user: AdminUserDetail;
  countries: { id: number; name: string }[];
  history: AuditEntryView[];
  awardKey: string;
  self: number;
  flash: string | null;
  /** The member's current subscription (issue 15), for the administrator's cancel auto-renewal. */
  subscription?: { planName: string; expiresAt: string; autoRenew: boolean } | null;
}) {
  const result = useActionData<ActionData>();
  const location = useLocation();
  const failedForm = result?.formId;
  const alertFor = (formId: string) => (failedForm === formId || (formId === "award" && result?.formError === "Couldn't award the points") ? formErrorOf(result) : null);
  const name = user.deleted ? "A former member" : (user.username ?? user.email);
  return (
    <div className="admin-page">
      <p className="eyebrow">
        <Link to="/account/admin/users">Members</Link>
      </p>
      <h1>
        {name} {user.isAdmin ? <StatusBadge tone="live">Administrator</StatusBadge> : null} {user.deleted ? <StatusBadge tone="denied">Deleted</StatusBadge> : null}
      </h1>
      <p>
        {user.deleted ? "This account has been deleted." : user.email} · joined {date(user.createdAt)} · {user.verified ? "email verified" : "email not verified"} · {user.sessions} active session
        {user.sessions === 1 ? "" : "s"}
      </p>
      <Notice message={flash} />
      {result?.confirm ? <ConfirmAction confirmation={result.confirm} cancelTo={location.pathname} /> : null}
      {result?.formError && !result.formId && result.formError !== "Couldn't award the points" ? <FormAlert message={result.formError} /> : null}
      <div className="admin-columns">
        {subscription ? (
          <Section id="subscription" title={`Subscription: ${subscription.planName}`}>
            <p>
              Expires on {date(subscription.expiresAt)} · automatic renewal {subscription.autoRenew ? "on" : "off"}
            </p>
            {subscription.autoRenew ? (
              <Form method="post" replace>
                <input type="hidden" name="intent" value="cancel-autorenew" />
                <button type="submit" className="button button--small button--danger">
                  Cancel auto-renewal
                </button>
              </Form>
            ) : null}
          </Section>
        ) : null}
        <Section id="points" title={`Treat Points: ${user.points.toLocaleString("en-GB")}${user.pending ? ` (+${user.pending} pending)` : ""}`}>
          {user.deleted ? null : (
            <ValidatedForm validator={awardPointsValidator} method="post" id="award" noValidate className="form-stack">
              <FormAlert message={alertFor("award")} />
              <input type="hidden" name="intent" value="award" />
              <input type="hidden" name="key" value={awardKey} />
              <TextField formId="award" name="points" label="Points to award" inputMode="numeric" maxLength={7} />
              <TextField formId="award" name="message" label="Reason" maxLength={500} />
              <div className="form-actions">
                <SubmitButton pending="Awarding…">Award points</SubmitButton>
              </div>
            </ValidatedForm>
          )}
          <table className="admin-table">
            <caption className="visually-hidden">Points history</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Reason</th>
                <th scope="col">Points</th>
              </tr>
            </thead>
            <tbody>
              {user.history.length === 0 ? (
                <tr>
                  <td colSpan={3}>No Treat Points yet.</td>
                </tr>
              ) : (
                user.history.map((entry) => (
                  <tr key={entry.id}>
                    <td>{date(entry.date)}</td>
                    <td>
                      {entry.reason}
                      {entry.awardedBy ? <span className="admin-muted"> (by {entry.awardedBy})</span> : null}
                      {entry.status === "pending" ? <span className="admin-muted"> (pending)</span> : null}
                    </td>
                    <td>{entry.points.toLocaleString("en-GB")}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </Section>
        <Section id="history" title="Admin actions on this member">
          <AuditList entries={history} empty="No administrator has changed this member yet." />
        </Section>
      </div>
      {user.deleted ? null : (
        <div className="admin-columns">
          <Section id="username" title="Change username">
            <ValidatedForm validator={adminUsernameValidator} method="post" id="username" defaultValues={{ username: user.username ?? "" }} noValidate className="form-stack">
              <FormAlert message={alertFor("username")} />
              <input type="hidden" name="intent" value="username" />
              <TextField formId="username" name="username" label="Username" maxLength={15} />
              <div className="form-actions">
                <SubmitButton pending="Saving…">Save username</SubmitButton>
              </div>
            </ValidatedForm>
          </Section>
          <Section id="email" title="Change email">
            <ValidatedForm validator={adminEmailValidator} method="post" id="email" defaultValues={{ email: user.email }} noValidate className="form-stack">
              <FormAlert message={alertFor("email")} />
              <input type="hidden" name="intent" value="email" />
              <TextField formId="email" name="email" label="Email address" type="email" maxLength={254} />
              <div className="form-actions">
                <SubmitButton pending="Saving…">Save email</SubmitButton>
              </div>
            </ValidatedForm>
          </Section>
          <Section id="password" title="Change password">
            <ValidatedForm validator={changePasswordValidator} method="post" id="password" noValidate className="form-stack">
              <FormAlert message={alertFor("password")} />
              <input type="hidden" name="intent" value="password" />
              <TextField formId="password" name="newPassword" label="New password" type="password" autoComplete="new-password" />
              <TextField formId="password" name="newPasswordRepeat" label="Repeat the new password" type="password" autoComplete="new-password" />
              <div className="form-actions">
                <SubmitButton pending="Saving…">Save password</SubmitButton>
              </div>
            </ValidatedForm>
          </Section>
          <Section id="address" title="Change address">
            <ValidatedForm
              validator={addressValidator}
              method="post"
              id="address"
              defaultValues={{ address1: user.address?.address1 ?? "", address2: user.address?.address2 ?? "", town: user.address?.town ?? "", county: user.address?.county ?? "", postcode: user.address?.postcode ?? "", country: user.address?.countryId ?? 235 }}
              noValidate
              className="form-stack"
            >
              <FormAlert message={alertFor("address")} />
              <input type="hidden" name="intent" value="address" />
              <TextField formId="address" name="address1" label="Address" />
              <TextField formId="address" name="address2" label="Address line 2" optional />
              <TextField formId="address" name="town" label="Town or city" />
              <TextField formId="address" name="county" label="County" optional />
              <TextField formId="address" name="postcode" label="Postcode" />
              <SelectField formId="address" name="country" label="Country" options={countries.map((country) => ({ value: String(country.id), label: country.name }))} />
              <div className="form-actions">
                <SubmitButton pending="Saving…">Save address</SubmitButton>
              </div>
            </ValidatedForm>
          </Section>
        </div>
      )}
      <div className="admin-columns">
        <Section id="listings" title={`Listings (${user.listings.length})`}>
          {user.listings.length === 0 ? (
            <p className="admin-muted">No listings.</p>
          ) : (
            <ul className="admin-list">
              {user.listings.map((listing) => (
                <li key={listing.id}>
                  <Link to={`/account/admin/view-edit?location=${listing.id}`}>{listing.title}</Link>
                  <span className="admin-list__meta">{listing.status}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section id="reviews" title={`Reviews (${user.reviews.length})`}>
          {user.reviews.length === 0 ? (
            <p className="admin-muted">No reviews.</p>
          ) : (
            <ul className="admin-list">
              {user.reviews.map((review) => (
                <li key={review.id}>
                  <Link to={`/account/admin/reviews/${review.hexId}`}>{review.title}</Link>
                  <span className="admin-list__meta">
                    {review.listing} · {review.status}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      {user.deleted || user.id === self ? null : (
        <Form method="post" className="admin-actions" replace>
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="button button--danger">
            Delete this member
          </button>
        </Form>
      )}
    </div>
  );
}
