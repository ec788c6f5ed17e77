import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { unsubscribeNewsletter } from "../../../blog/newsletter.server";
import { StatusPage } from "../../../components/StatusPage";

/** GET shows one button (so a mail scanner following links unsubscribes no one); POST unsubscribes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: token.length <= 200 ? token : "" };
}

/** The button, and mail clients' one-click List-Unsubscribe-Post (RFC 8058), both post here. */
export async function action({ request }: ActionFunctionArgs) {
  await unsubscribeNewsletter(new URL(request.url).searchParams.get("token"));
  return { unsubscribed: true };
}

export default function Unsubscribe() {
  const { token } = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  return (
    <div className="container status-page">
      {done?.unsubscribed ? (
        <>
          <h1>You have been unsubscribed</h1>
          <p>You will not receive the Pawroute newsletter any more.</p>
        </>
      ) : (
        <>
          <h1>Unsubscribe from the newsletter</h1>
          <Form method="post" action={`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`}>
            <button type="submit" className="button button--accent">
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Unsubscribe — Pawroute" }, { name: "robots", content: "noindex" }];

export function ErrorBoundary() {
  return <StatusPage />;
}
