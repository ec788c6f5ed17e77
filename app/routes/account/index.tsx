import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { currentAddress, emailSettings, listCount } from "../../auth/account.server";
import { readFlash } from "../../auth/flash.server";
import { requireMember } from "../../auth/guards.server";
import { pointsSummary } from "../../auth/points.server";
import { BusyButton } from "../../components/forms/BusyButton";
import { Notice } from "../../components/forms/FormParts";
import { Checklist } from "../../components/members/Checklist";
import { TableHead } from "../../components/TableHead";
import { checklistFor, setChecklistDismissed } from "../../members/checklist.server";
import { memberFormAction, textField } from "../../members/forms.server";
import { AppError } from "../../../core/errors";
import membersStyles from "../../styles/members.css?url";
import { formatDate } from "../../../kit/format";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: membersStyles }];

export const meta: MetaFunction = () => [{ title: "Your account — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const [points, address, lists, checklist, flash] = await Promise.all([pointsSummary(user.id), currentAddress(user.id), emailSettings(user.id), checklistFor(user.id), readFlash(request)]);
  return data(
    {
      user: { username: user.username, email: user.email, emailVerified: user.emailVerified, isAdmin: user.isAdmin },
      points: { awarded: points.awarded, pending: points.pending, entries: points.entries.map((entry) => ({ ...entry, date: entry.date.toISOString() })) },
      hasAddress: address !== null,
      subscribed: lists.some((list) => list.subscribed) ? `Subscribed to ${listCount(lists.filter((list) => list.subscribed).length)}` : "Not subscribed to any list",
      checklist,
      flash: flash.message,
    },
    { headers: flash.headers },
  );
}

/** The checklist's dismiss and restore (the spec's POST users/me/checklist/dismiss). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return memberFormAction(request, async (form) => {
    const intent = textField(form, "intent", 20);
    if (intent !== "dismiss" && intent !== "restore") throw new AppError(400, "Sorry, we couldn't update your checklist. Please try again.");
    await setChecklistDismissed(user.id, intent === "dismiss");
    return redirect("/account");
  });
}


export default function AccountHome() {
  const { user, points, hasAddress, subscribed, checklist, flash } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page">
      <Notice message={flash} />
      <p className="eyebrow">Your account</p>
      <h1>Hello{user.username ? `, ${user.username}` : ""}!</h1>
      <Checklist checklist={checklist} />

      <div className="account-grid">
        <section className="account-card" aria-labelledby="points-heading">
          <h2 id="points-heading">Treat Points</h2>
          <p className="account-card__figure">
            {points.awarded.toLocaleString("en-GB")} <span>points</span>
          </p>
          {points.pending > 0 ? <p className="account-card__note">{points.pending.toLocaleString("en-GB")} more are waiting until you confirm your email address.</p> : null}
          {points.entries.length ? (
            <table className="points-table">
              <caption className="visually-hidden">Your latest Treat Points</caption>
              <TableHead columns={["Date", "Reason", "Points"]} />
              <tbody>
                {points.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDate(entry.date)}</td>
                    <td>
                      {entry.reason}
                      {entry.status === "pending" ? <span className="tag">pending</span> : null}
                    </td>
                    <td>{entry.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="account-card__note">Write reviews and add listings to collect Treat Points.</p>
          )}
        </section>

        <section className="account-card" aria-labelledby="details-heading">
          <h2 id="details-heading">Your details</h2>
          <dl className="detail-list">
            <div>
              <dt>Username</dt>
              <dd>{user.username ?? <Link to="/account/set-username">Choose a username</Link>}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>
                {user.email}
                {user.emailVerified ? null : <span className="tag tag--warning">not confirmed</span>}
              </dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{hasAddress ? "Saved" : "Not added yet"}</dd>
            </div>
            <div>
              <dt>Email settings</dt>
              <dd>{subscribed}</dd>
            </div>
          </dl>
          <p className="account-card__actions">
            <Link to="/account/settings/" className="button">
              Account settings
            </Link>
            {user.username ? (
              <Link to="/account/set-username" className="button button--quiet">
                Change username
              </Link>
            ) : null}
            <Link to="/account/edit-profile" className="button button--quiet">
              Edit profile
            </Link>
            {user.username ? (
              <Link to={`/profile/${user.username}`} className="button button--quiet">
                View your profile
              </Link>
            ) : null}
          </p>
        </section>

        {user.isAdmin ? (
          <section className="account-card" aria-labelledby="admin-heading">
            <h2 id="admin-heading">Administration</h2>
            <p>You are an administrator.</p>
            <p className="account-card__actions">
              <Link to="/account/admin" className="button button--quiet">
                Open the admin area
              </Link>
            </p>
          </section>
        ) : null}
      </div>

      <Form method="post" action="/logout" className="account-logout">
        <BusyButton action="/logout" pending="Logging out…" className="button button--quiet">
          Log out
        </BusyButton>
      </Form>
    </div>
  );
}
