import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formAction } from "../../auth/forms.server";
import { requireMember } from "../../auth/guards.server";
import { resendVerification } from "../../auth/verification.server";
import { FormAlert, formErrorOf } from "../../components/forms/FormParts";

export const meta: MetaFunction = () => [{ title: "Confirm your email address — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  return { email: user.email, verified: user.emailVerified };
}

/** Sends the verification link again (the banner's button posts here). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return formAction(request, async () => {
    await resendVerification(user);
    return data({ sent: true });
  });
}

export default function VerifyEmail() {
  const { email, verified } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const sent = actionData !== undefined && "sent" in actionData;
  return (
    <div className="container account-page">
      <h1>Confirm your email address</h1>
      {verified ? (
        <p>
          Your email address {email} is confirmed. <Link to="/account">Back to your account</Link>
        </p>
      ) : (
        <Form method="post" className="form-stack form-stack--narrow">
          <FormAlert message={formErrorOf(actionData)} />
          <p>We sent a link to {email}. Follow it to confirm your address; Treat Points you earn until then are kept as pending and added when you confirm.</p>
          {sent ? (
            <p className="form-notice" role="status">
              Sent! Check your inbox.
            </p>
          ) : (
            <div className="form-actions">
              <button type="submit" className="button" disabled={busy}>
                {busy ? "Sending…" : "Send the link again"}
              </button>
            </div>
          )}
        </Form>
      )}
    </div>
  );
}
