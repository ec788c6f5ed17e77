import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { readForm } from "../../../../auth/forms.server";
import { requireAdmin } from "../../../../auth/guards.server";
import { safeRedirect } from "../../../../auth/redirect";
import { idParam } from "../../../../blog/admin-request.server";
import { contactMessage, contactMessageList, markContactMessage } from "../../../../blog/contact.server";
import { AdminTabs } from "../../../../components/admin/AdminListParts";
import { StatusPage } from "../../../../components/StatusPage";
import blogStyles from "../../../../styles/blog.css?url";
import { formatDateTime } from "../../../../../kit/format";

export const meta: MetaFunction = () => [{ title: "Contact messages — Back office — Pawroute" }, { name: "robots", content: "noindex" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: blogStyles }];

/** /account/admin/contact-messages (?show=unread) and /account/admin/contact-messages/{id} (opening one marks it read). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filter = url.searchParams.get("show") === "unread" ? "unread" : "all";
  let opened = null;
  if (params.id !== undefined) {
    const id = idParam(params.id, "message");
    await markContactMessage(id, true);
    opened = await contactMessage(id);
  }
  return { filter, opened, ...(await contactMessageList(filter, 1)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await readForm(request);
  const id = idParam(String(form.get("id") ?? params.id ?? ""), "message");
  await markContactMessage(id, form.get("intent") === "read");
  throw redirect(safeRedirect(form.get("returnTo"), "/account/admin/contact-messages"));
}

export default function ContactMessages() {
  const data = useLoaderData<typeof loader>();
  const here = data.filter === "unread" ? "/account/admin/contact-messages?show=unread" : "/account/admin/contact-messages";
  return (
    <div className="container admin-blog">
      <h1>Contact messages</h1>
      <AdminTabs
        label="Messages"
        tabs={[
          { to: "/account/admin/contact-messages", label: `All (${data.total})`, current: data.filter === "all" },
          { to: "/account/admin/contact-messages?show=unread", label: `Unread (${data.unread})`, current: data.filter === "unread" },
        ]}
      />
      {data.opened ? (
        <section className="form-panel contact-opened" aria-labelledby="opened-title">
          <h2 id="opened-title">From {data.opened.name}</h2>
          <p>
            <a href={`mailto:${data.opened.email}`}>{data.opened.email}</a> · {formatDateTime(data.opened.createdAt)}
          </p>
          <p className="contact-opened__message">{data.opened.message}</p>
          <Form method="post" action="/account/admin/contact-messages">
            <input type="hidden" name="id" value={data.opened.id} />
            <input type="hidden" name="returnTo" value={here} />
            <button type="submit" name="intent" value="unread" className="button button--quiet">
              Mark this message as unread
            </button>
          </Form>
        </section>
      ) : null}
      {data.messages.length === 0 ? (
        <p className="empty-state">No messages.</p>
      ) : (
        <ul className="contact-list">
          {data.messages.map((message) => (
            <li key={message.id} className={`contact-list__item${message.read ? "" : " contact-list__item--unread"}`}>
              <Link to={`/account/admin/contact-messages/${message.id}`}>
                {message.read ? "" : <span className="admin-status admin-status--waiting">Unread</span>} {message.name} &lt;{message.email}&gt;
              </Link>
              <p className="contact-list__excerpt">{message.message.slice(0, 160)}</p>
              <Form method="post" action="/account/admin/contact-messages">
                <input type="hidden" name="id" value={message.id} />
                <input type="hidden" name="returnTo" value={here} />
                <button type="submit" name="intent" value={message.read ? "unread" : "read"} className="button button--quiet">
                  {message.read ? "Mark as unread" : "Mark as read"}
                  <span className="visually-hidden"> (message from {message.name})</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}
