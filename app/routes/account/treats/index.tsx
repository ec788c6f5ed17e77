import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction, type ActionFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../../auth/flash.server";
import { refuseSubmission, requireMember } from "../../../auth/guards.server";
import { Notice } from "../../../components/forms/FormParts";
import { ClaimProgress } from "../../../components/treats/ClaimProgress";
import { TreatActions } from "../../../components/treats/TreatActions";
import { TreatCard } from "../../../components/treats/TreatCard";
import { handleErrors } from "../../../error-response.server";
import { claimStatus, memberTreats } from "../../../treats/awarded.server";
import treatsStyles from "../../../styles/treats.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: treatsStyles }];

export const meta: MetaFunction = () => [{ title: "Your Treats — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return handleErrors(async () => {
    const [treats, status, flash] = await Promise.all([memberTreats(user.id), claimStatus(user.id), readFlash(request)]);
    return data({ treats, status, flash: flash.message }, { headers: flash.headers });
  });
}

export function action({ request }: ActionFunctionArgs) {
  return refuseSubmission(request, requireMember);
}

export default function YourTreats() {
  const { treats, status, flash } = useLoaderData<typeof loader>();
  return (
    <div className="container account-page treats-page">
      <p className="eyebrow">
        <Link to="/account">Your account</Link>
      </p>
      <h1>Your Treats</h1>
      <Notice message={flash} />
      <ClaimProgress status={status} link />
      {treats.length === 0 ? (
        <p className="treats-empty">
          You have no Treats yet. Collect Treat Points by reviewing walks and adding listings, then claim your first Treat. <Link to="/treats">See the Treats you could win</Link>.
        </p>
      ) : (
        <ul className="treat-list">
          {treats.map((treat) => (
            <li key={treat.id}>
              <TreatCard treat={treat} actions={<TreatActions treat={treat} />} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
