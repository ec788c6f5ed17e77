import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { StatusPage } from "../../../components/StatusPage";
import { TripActions } from "../../../components/trips/TripActions";
import { TripForm } from "../../../components/trips/TripForm";
import { TripMap } from "../../../components/trips/TripMap";
import { TripPlanView } from "../../../components/trips/TripPlanView";
import { formAction } from "../../../auth/forms.server";
import { readFlash } from "../../../auth/flash.server";
import { getSessionUser } from "../../../auth/guards.server";
import { tripAction } from "../../../trips/actions.server";
import { loadTripPage } from "../../../trips/plan.server";
import formStyles from "../../../styles/forms.css?url";
import searchStyles from "../../../styles/search.css?url";
import tripStyles from "../../../styles/trip.css?url";

// /trip: the trip planner (issue 49). The whole plan is the URL's query; each edit posts to it and is
// answered with a redirect to the next plan's URL.

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: tripStyles },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ status, page }, user, flash] = await Promise.all([loadTripPage(request), getSessionUser(request), readFlash(request)]);
  return data({ page, member: user !== null, notice: flash.message }, { status, headers: flash.headers });
}

export function action({ request }: ActionFunctionArgs) {
  return formAction(request, (form) => tripAction(request, form));
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.page.state === "planned" ? `Dog breaks: ${page.page.query.from} to ${page.page.query.to} — Pawroute` : "Plan dog breaks for your drive — Pawroute" },
  { name: "description", content: "Plan a drive with a dog break every two hours: walks, pubs and beaches a short detour from your route, timed from when you leave." },
];

export default function TripPage() {
  const { page, member, notice } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const problem = failed && "message" in failed ? { message: failed.message, hours: failed.fieldErrors?.hours } : undefined;
  const values = page.state === "planned" ? Object.fromEntries(new URLSearchParams(page.search)) : page.state === "invalid" ? page.values : page.defaults;
  return (
    <div className="container trip-page">
      <h1>Plan dog breaks for your drive</h1>
      <p className="trip-page__lead">A break every couple of hours, at a walk, a pub or a beach a short detour from your route, timed from when you leave.</p>
      {page.state === "invalid" ? (
        <p className="form-alert" role="alert">
          {page.message}
        </p>
      ) : null}
      <TripForm key={page.state === "planned" ? page.search : "form"} values={values} fieldErrors={page.state === "invalid" ? page.fieldErrors : {}} />
      {page.state === "planned" ? (
        <>
          {problem && !problem.hours ? (
            <p className="form-alert" role="alert">
              {problem.message}
            </p>
          ) : null}
          <div className="trip-layout">
            <TripPlanView plan={page.plan} search={page.search} kind={page.query.kind} editable errors={problem} notice={notice} />
            <TripMap plan={page.plan} label="Map of the drive and its stops" />
          </div>
          <TripActions search={page.search} member={member} />
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <StatusPage />;
}
