import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import { adminEmailValidator, adminUsernameValidator, awardPointsValidator } from "../../admin/schemas";
import type { AuditEntryView } from "../../admin/types";
import { USER_FILTERS, type AdminUserDetail, type AdminUsersPage, type UserFilter } from "../../admin/users.types";
import { addressValidator, changePasswordValidator } from "../../auth/validators";
import { FORMER_MEMBER } from "../../members/former-member";
import { BusyButton } from "../forms/BusyButton";
import { SelectField, TextField } from "../forms/Field";
import { FormAlert, formErrorOf, Notice } from "../forms/FormParts";
import { AdminBulkTable, AdminOutcome, AdminSearch, AdminTabs } from "./AdminListParts";
import { IntentForm } from "../forms/IntentForm";
import type { AdminMoneyBackView } from "../../payments/types";
import { TableHead } from "../TableHead";
import { MoneyBackTable } from "./MoneyBackTable";
import { AdminHistory, AdminPages, AdminSection, ConfirmAction, StatusBadge } from "./AdminParts";
import type { Confirmation } from "../../../core/errors";
import { AdminPhotos } from "./AdminPhotos";
import { formatDate } from "../../../kit/format";

/** The action's answer: a question to confirm, or the one error body (its formId names the form that failed). */
interface ActionData {
  message?: string;
  fieldErrors?: Record<string, string>;
  confirm?: Confirmation | null;
  formId?: string;
}

const POINTS_COLUMNS = ["Date", "Reason", "Points"];

/** Links to a member's listings or reviews, each with its status. */
function LinkList({ items, empty }: { items: { key: number; to: string; label: string; meta: string }[]; empty: string }) {
  if (items.length === 0) return <p className="admin-muted">{empty}</p>;
  return (
    <ul className="admin-list">
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.to}>{item.label}</Link>
          <span className="admin-list__meta">{item.meta}</span>
        </li>
      ))}
    </ul>
  );
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
          { header: "Joined", cell: (user) => formatDate(user.createdAt) },
        ]}
      />
      <AdminPages pagination={page.pagination} search={location.search} noun="members" />
    </div>
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
  moneyBack = [],
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
  /** The member's refunds and disputes (decision 0240). */
  moneyBack?: AdminMoneyBackView[];
}) {
  const result = useActionData<ActionData>();
  const location = useLocation();
  const failedForm = result?.formId;
  const alertFor = (formId: string) => (failedForm === formId ? formErrorOf(result) : null);
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
        {user.deleted ? "This account has been deleted." : user.email} · joined {formatDate(user.createdAt)} · {user.verified ? "email verified" : "email not verified"} · {user.sessions} active session
        {user.sessions === 1 ? "" : "s"}
      </p>
      <Notice message={flash} />
      {result?.confirm ? <ConfirmAction confirmation={result.confirm} cancelTo={location.pathname} /> : null}
      {result && !result.formId ? <FormAlert message={formErrorOf(result)} /> : null}
      <div className="admin-columns">
        {subscription ? (
          <AdminSection id="subscription" title={`Subscription: ${subscription.planName}`}>
            <p>
              Expires on {formatDate(subscription.expiresAt)} · automatic renewal {subscription.autoRenew ? "on" : "off"}
            </p>
            {subscription.autoRenew ? (
              <Form method="post" replace>
                <input type="hidden" name="intent" value="cancel-autorenew" />
                <button type="submit" className="button button--small button--danger">
                  Cancel auto-renewal
                </button>
              </Form>
            ) : null}
          </AdminSection>
        ) : null}
        {moneyBack.length > 0 ? (
          <AdminSection id="money-back" title="Refunds and disputes">
            <MoneyBackTable rows={moneyBack} showMember={false} caption={`Refunds and disputes of ${name}`} />
          </AdminSection>
        ) : null}
        <AdminSection id="points" title={`Treat Points: ${user.points.toLocaleString("en-GB")}${user.pending ? ` (+${user.pending} pending)` : ""}`}>
          {user.deleted ? null : (
            <IntentForm validator={awardPointsValidator} id="award" intent="award" alert={alertFor("award")} submit="Award points" pending="Awarding…">
              <input type="hidden" name="key" value={awardKey} />
              <TextField formId="award" name="points" label="Points to award" inputMode="numeric" maxLength={7} />
              <TextField formId="award" name="message" label="Reason" maxLength={500} />
            </IntentForm>
          )}
          <table className="admin-table">
            <caption className="visually-hidden">Points history</caption>
            <TableHead columns={POINTS_COLUMNS} />
            <tbody>
              {user.history.length === 0 ? (
                <tr>
                  <td colSpan={3}>No Treat Points yet.</td>
                </tr>
              ) : (
                user.history.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDate(entry.date)}</td>
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
        </AdminSection>
        {user.deleted ? null : (
          <AdminSection id="award-treat" title="Award a Treat">
            <Form method="post" className="form-stack">
              <FormAlert message={alertFor("award-treat")} />
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
          </AdminSection>
        )}
        {user.deleted ? null : (
          <AdminSection id="photos" title="Photos">
            <h3>Profile image</h3>
            {user.profileImage ? <AdminPhotos photos={[user.profileImage]} noun="Profile image" removeIntent="remove-profile-image" withImageField={false} /> : <p className="admin-muted">No profile image.</p>}
            <h3>Gallery ({user.gallery.length})</h3>
            {user.gallery.length > 0 ? <AdminPhotos photos={user.gallery} noun="Gallery photo" removeIntent="remove-gallery-image" /> : <p className="admin-muted">No gallery photos.</p>}
          </AdminSection>
        )}
        <AdminHistory noun="member" entries={history} empty="No administrator has changed this member yet." />
      </div>
      {user.deleted ? null : (
        <div className="admin-columns">
          <AdminSection id="username" title="Change username">
            <IntentForm validator={adminUsernameValidator} id="username" intent="username" defaultValues={{ username: user.username ?? "" }} alert={alertFor("username")} submit="Save username" pending="Saving…">
              <TextField formId="username" name="username" label="Username" maxLength={15} />
            </IntentForm>
          </AdminSection>
          <AdminSection id="email" title="Change email">
            <IntentForm validator={adminEmailValidator} id="email" intent="email" defaultValues={{ email: user.email }} alert={alertFor("email")} submit="Save email" pending="Saving…">
              <TextField formId="email" name="email" label="Email address" type="email" maxLength={254} />
            </IntentForm>
          </AdminSection>
          <AdminSection id="password" title="Change password">
            <IntentForm validator={changePasswordValidator} id="password" intent="password" alert={alertFor("password")} submit="Save password" pending="Saving…">
              <TextField formId="password" name="newPassword" label="New password" type="password" autoComplete="new-password" />
              <TextField formId="password" name="newPasswordRepeat" label="Repeat the new password" type="password" autoComplete="new-password" />
            </IntentForm>
          </AdminSection>
          <AdminSection id="address" title="Change address">
            <IntentForm
              validator={addressValidator}
              id="address"
              intent="address"
              defaultValues={{ address1: user.address?.address1 ?? "", address2: user.address?.address2 ?? "", town: user.address?.town ?? "", county: user.address?.county ?? "", postcode: user.address?.postcode ?? "", country: user.address?.countryId ?? 235 }}
              alert={alertFor("address")}
              submit="Save address"
              pending="Saving…"
            >
              <TextField formId="address" name="address1" label="Address" />
              <TextField formId="address" name="address2" label="Address line 2" optional />
              <TextField formId="address" name="town" label="Town or city" />
              <TextField formId="address" name="county" label="County" optional />
              <TextField formId="address" name="postcode" label="Postcode" />
              <SelectField formId="address" name="country" label="Country" options={countries.map((country) => ({ value: String(country.id), label: country.name }))} />
            </IntentForm>
          </AdminSection>
        </div>
      )}
      <div className="admin-columns">
        <AdminSection id="listings" title={`Listings (${user.listings.length})`}>
          <LinkList items={user.listings.map((listing) => ({ key: listing.id, to: `/account/admin/view-edit?location=${listing.id}`, label: listing.title, meta: listing.status }))} empty="No listings." />
        </AdminSection>
        <AdminSection id="reviews" title={`Reviews (${user.reviews.length})`}>
          <LinkList items={user.reviews.map((review) => ({ key: review.id, to: `/account/admin/reviews/${review.hexId}`, label: review.title, meta: `${review.listing} · ${review.status}` }))} empty="No reviews." />
        </AdminSection>
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
