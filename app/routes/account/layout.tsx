import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { refuseMemberSubmission, requireMember } from "../../auth/guards.server";
import { AccountNav } from "../../components/AccountNav";
import { VerificationBanner } from "../../components/forms/VerificationBanner";
import formStyles from "../../styles/forms.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: formStyles }];

// This loader guards rendering only: every child loader and action calls requireMember itself.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return { username: user.username, email: user.email, emailVerified: user.emailVerified, isAdmin: user.isAdmin };
}

/** A POST to /account itself (without ?index) lands here: visitors go to log in, members get 405. */
export const action = refuseMemberSubmission;

export default function AccountLayout() {
  const { email, emailVerified, isAdmin } = useLoaderData<typeof loader>();
  return (
    <div className="account-area">
      {emailVerified ? null : <VerificationBanner email={email} />}
      <AccountNav isAdmin={isAdmin} />
      <Outlet />
    </div>
  );
}
