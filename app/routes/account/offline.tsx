import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountPage } from "../../components/account/AccountPage";
import { KeptList } from "../../components/offline/KeptList";
import { StatusPage } from "../../components/StatusPage";
import { keepWithoutJavaScript, offlinePage } from "../../offline/account.server";

export const meta: MetaFunction = () => [{ title: "Offline — Pawroute" }];

/** /account/offline: the lists, trips and listings kept in this browser, their size and date, and removing them. */
export function loader({ request }: LoaderFunctionArgs) {
  return offlinePage(request);
}

/** A "Keep for offline" form posted without JavaScript. */
export function action({ request }: ActionFunctionArgs) {
  return keepWithoutJavaScript(request);
}

export default function Offline() {
  const { asked, username } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Offline" className="offline-account">
      <p className="form-lead">Lists, trips and listings you keep open in this browser with no signal: the pages as you see them, the first photo of each place, directions and the map around them.</p>
      <noscript>
        <p className="form-alert" role="alert">
          {asked ? `To keep “${asked}” for offline use, ` : "To keep pages for offline use, "}
          please turn on JavaScript: keeping pages for offline use needs JavaScript in your browser, which stores them on this device.
        </p>
      </noscript>
      <KeptList owner={username} />
    </AccountPage>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}
