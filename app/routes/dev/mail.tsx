import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getEnv } from "../../env.server";
import formStyles from "../../styles/forms.css?url";
import { parseDatabaseId } from "../../../core/ids";
import { caughtMailView } from "../../mail/catcher.server";
import { formatDateTime } from "../../../kit/format";
import { AppError } from "../../../core/errors";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [{ title: "Mail caught in development — Pawroute" }];

/** Development only: the mail the local catcher kept. In production this page does not exist. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (getEnv().NODE_ENV !== "development") throw new AppError(404, "Not found");
  const id = parseDatabaseId(new URL(request.url).searchParams.get("id"));
  return caughtMailView(id ?? null);
}

export default function DevMail() {
  const { list, open } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page dev-mail">
      <p className="eyebrow">Development</p>
      <h1>Caught mail</h1>
      <p>SMTP_URL is not set, so the app&apos;s mail ends up here instead of in anyone&apos;s inbox.</p>
      <div className="dev-mail__layout">
        <ul className="dev-mail__list">
          {list.length === 0 ? <li>No mail yet.</li> : null}
          {list.map((mail) => (
            <li key={mail.id}>
              <Link to={`?id=${mail.id}`} aria-current={open?.id === mail.id ? "true" : undefined}>
                <strong>{mail.subject}</strong>
                <span>
                  to {mail.to.join(", ")} · {formatDateTime(mail.receivedAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {open ? (
          <article className="dev-mail__message">
            <h2>{open.subject}</h2>
            <p>
              From {open.from} to {open.to.join(", ")}
            </p>
            <iframe title={`HTML body of "${open.subject}"`} sandbox="" srcDoc={open.html} className="dev-mail__html" />
            <h3>Plain text</h3>
            <pre className="dev-mail__text">{open.text}</pre>
          </article>
        ) : null}
      </div>
    </div>
  );
}
