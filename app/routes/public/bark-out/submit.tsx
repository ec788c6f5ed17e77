import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { storyAction, storyPage } from "../../../blog/story-action.server";
import { StoryForm } from "../../../components/blog/StoryForm";
import { StatusPage } from "../../../components/StatusPage";
import formStyles from "../../../styles/forms.css?url";
import listingFormStyles from "../../../styles/listing-form.css?url";
import blogStyles from "../../../styles/blog.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: listingFormStyles },
  { rel: "stylesheet", href: blogStyles },
];

export function loader({ request, context }: LoaderFunctionArgs) {
  return storyPage(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return storyAction(request, context);
}

/** /bark-out/submit: tell us about your dog (captcha for visitors only). */
export default function SubmitStory() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container story-page">
      <p className="eyebrow">
        <Link to="/bark-out">Bark Out</Link>
      </p>
      <h1>Share your dog&apos;s story</h1>
      <p className="blog__lead">
        Tell us about your dog and your walks together. The best stories appear on Bark Out{data.points > 0 ? `, and members earn ${data.points} Treat Points when theirs does` : ""}.
      </p>
      <div className="form-panel">
        <StoryForm data={data} />
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Share your dog's story — Bark Out — Pawroute" },
  { name: "description", content: "Tell us about your dog's favourite walks and adventures: stories that appear on Bark Out earn Treat Points." },
];

export function ErrorBoundary() {
  return <StatusPage />;
}
