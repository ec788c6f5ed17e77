// /account/admin/affiliate-links/: the friendly discount links; ?removed says a link was just deleted.
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../../../auth/flash.server";
import { refuseSubmission, requireAdmin } from "../../../../auth/guards.server";
import { AffiliateLinksTable } from "../../../../components/admin/AdminAffiliateLinks";
import { Notice } from "../../../../components/forms/FormParts";
import { StatusPage } from "../../../../components/StatusPage";
import { AFFILIATE_REMOVED } from "../../../../payments/affiliate-links";
import { listAffiliateLinks } from "../../../../payments/affiliate-links.server";
import formStyles from "../../../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

export const meta: MetaFunction = () => [{ title: "Friendly discounts — Back office — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [links, flash] = await Promise.all([listAffiliateLinks(), readFlash(request)]);
  const removed = new URL(request.url).searchParams.has("removed");
  return data({ links, message: removed ? AFFILIATE_REMOVED : flash.message }, { headers: flash.headers });
}

export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireAdmin);
}

export default function AffiliateLinks() {
  const { links, message } = useLoaderData<typeof loader>();
  return (
    <div className="admin-page">
      <h1>Friendly discounts</h1>
      <Notice message={message} />
      <p>A friendly discount link takes a percentage off a new subscriber&apos;s first payment. Share the link; it works until its expiry date.</p>
      <p>
        <Link to="/account/admin/affiliate-links/add" className="button button--accent">
          Add a discount link
        </Link>
      </p>
      <AffiliateLinksTable links={links} />
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}
