import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../../auth/flash.server";
import { refuseMemberSubmission, requireMember } from "../../../auth/guards.server";
import { Notice } from "../../../components/forms/FormParts";
import { StatusPage } from "../../../components/StatusPage";
import { TreatActions } from "../../../components/treats/TreatActions";
import { BackToTreats, TreatCard } from "../../../components/treats/TreatCard";
import { memberTreat, treatIdFromHex } from "../../../treats/awarded.server";
import treatsStyles from "../../../styles/treats.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: treatsStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: `${loaded?.treat.option.name ?? "Your Treat"} — Pawroute` }];

/** /account/treats/{hexId}: one of the member's Treats (another member's is a 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const [treat, flash] = await Promise.all([memberTreat(user.id, treatIdFromHex(params.id)), readFlash(request)]);
  return data({ treat, flash: flash.message }, { headers: flash.headers });
}

export const action = refuseMemberSubmission;

export default function TreatPage() {
  const { treat, flash } = useLoaderData<typeof loader>();
  const redeemed = treat.redeemData;
  return (
    <div className="container account-page treats-page">
      <p className="eyebrow">
        <Link to="/account/treats">Your Treats</Link>
      </p>
      <h1>{treat.option.name}</h1>
      <Notice message={flash} />
      {redeemed?.voucher ? (
        <div className="treat-voucher">
          <p>Your voucher code (we have emailed it to you too):</p>
          <p className="treat-voucher__code">{redeemed.voucher}</p>
          {redeemed.url ? (
            <p>
              Use it at <a href={redeemed.url}>{redeemed.url}</a>
            </p>
          ) : null}
        </div>
      ) : null}
      {redeemed?.address ? <p className="treat-voucher">We will post your Treat to: {redeemed.address}</p> : null}
      <TreatCard treat={treat} actions={<TreatActions treat={treat} details={false} />} />
      {treat.option.descriptionHtml ? (
        <section className="treat-text" aria-labelledby="treat-about">
          <h2 id="treat-about">About this Treat</h2>
          {/* Sanitised with the listings' allowlist when saved (app/treats/options.server.ts). */}
          <div dangerouslySetInnerHTML={{ __html: treat.option.descriptionHtml }} />
        </section>
      ) : null}
      {treat.option.termsHtml ? (
        <section className="treat-text" aria-labelledby="treat-terms">
          <h2 id="treat-terms">Terms</h2>
          <div dangerouslySetInnerHTML={{ __html: treat.option.termsHtml }} />
        </section>
      ) : null}
      <BackToTreats />
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}
