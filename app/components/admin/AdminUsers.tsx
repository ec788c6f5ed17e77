import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";
import { adminEmailValidator, adminUsernameValidator, awardPointsValidator } from "../../admin/schemas";
import type { AuditEntryView } from "../../admin/types";
import { USER_FILTERS, type AdminUserDetail, type AdminUsersPage, type UserFilter } from "../../admin/users.types";
import { addressValidator, changePasswordValidator } from "../../auth/validators";
import { FORMER_MEMBER } from "../../members/former-member";
import { BusyButton } from "../forms/BusyButton";
import { SelectField, TextField } from "../forms/Field";
import { FormAlert, formErrorOf, Notice, SubmitButton } from "../forms/FormParts";
import { AdminBulkTable, AdminOutcome, AdminSearch, AdminTabs } from "./AdminListParts";
import { AdminPages, ConfirmAction, StatusBadge, type Confirmation } from "./AdminParts";
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
  return (
    <div className="admin-page">
      <h1>Members</h1>
      <AdminTabs
        label="Members by kind"
        tabs={(Object.keys(USER_FILTERS) as UserFilter[]).map((key) => ({
          to: key === "active" ? "/account/admin/users" : `/account/admin/users/${key}`,
          label: USER_FILTERS[key],
          current: page.filter === key,
        }))}
      />
      <AdminOutcome flash={flash} result={result} />
      <AdminSearch label="Email or username" query={page.query.q} limit={page.pagination.limit} />
      <AdminBulkTable
        rows={page.users}
        noun="members"
        one="member"
        actions={page.filter === "deleted" ? [] : [{ intent: "delete", label: "Delete", danger: true }]}
        selectable={(user) => !user.deleted && user.id !== self}
        selectLabel={(user) => `Select ${user.username ?? user.email}`}
        columns={[
          {
            header: "Member",
            cell: (user) => (
              <>
                <Link to={`/account/admin/users/${user.hexId}`}>{user.deleted ? FORMER_MEMBER : (user.username ?? "(no username yet)")}</Link>
                {user.isAdmin ? <StatusBadge tone="live">Administrator</StatusBadge> : null}
                {!user.verified && !user.deleted ? <StatusBadge tone="waiting">Email not verified</StatusBadge> : null}
              </>
            ),
          },
          { header: "Email", cell: (user) => (user.deleted ? "—" : user.email) },
          { header: "Treat Points", cell: (user) => user.points.toLocaleString("en-GB") },
          { header: "Joined", cell: (user) => date(user.createdAt) },
        ]}
      />
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
  treatOptions,
  subscription,
}: {
  user: AdminUserDetail;
  countries: { id: number; name: string }[];
  history: AuditEntryView[];
  awardKey: string;
  self: number;
  flash: string | null;
  /** The Treat options an administrator may award (issue 14). */
  treatOptions: { id: number; name: string }[];
  /** The member's current subscription (issue 15), for the administrator's cancel auto-renewal. */
  subscription?: { planName: string; expiresAt: string; autoRenew: boolean } | null;
}) {
  const result = useActionData<ActionData>();
  const location = useLocation();
  const failedForm = result?.formId;
  const alertFor = (formId: string) => (failedForm === formId || (formId === "award" && result?.formError === "Couldn't award the points") ? formErrorOf(result) : null);
  const name = user.deleted ? FORMER_MEMBER : (user.username ?? user.email);
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
        {user.deleted ? null : (
          <Section id="award-treat" title="Award a Treat">
            <Form method="post" className="form-stack">
              <FormAlert message={result?.formId === "award-treat" ? result.formError : null} />
              <input type="hidden" name="intent" value="award-treat" />
              <div className="field">
                <label htmlFor="award-treat-option" className="field__label">
                  Treat
                </label>
                <select id="award-treat-option" name="option" className="field__input field__select" defaultValue="">
                  <option value="">A random Treat (by chance of winning)</option>
                  {treatOptions.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-actions">
                <BusyButton pending="Awarding…" className="button" name="intent" value="award-treat">
                  Award Treat
                </BusyButton>
              </div>
            </Form>
          </Section>
        )}
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
