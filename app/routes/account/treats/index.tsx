import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../../auth/flash.server";
import { refuseMemberSubmission, requireMember } from "../../../auth/guards.server";
import { ClaimProgress } from "../../../components/treats/ClaimProgress";
import { TreatActions } from "../../../components/treats/TreatActions";
import { TreatCard } from "../../../components/treats/TreatCard";
import { claimStatus, memberTreats } from "../../../treats/awarded.server";
import treatsStyles from "../../../styles/treats.css?url";
import { AccountPage } from "../../../components/account/AccountPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: treatsStyles }];

export const meta: MetaFunction = () => [{ title: "Your Treats — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const [treats, status, flash] = await Promise.all([memberTreats(user.id), claimStatus(user.id), readFlash(request)]);
  return data({ treats, status, flash: flash.message }, { headers: flash.headers });
}

export const action = refuseMemberSubmission;

export default function YourTreats() {
  const { treats, status, flash } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Your Treats" className="treats-page" notice={flash}>
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
    </AccountPage>
  );
}
