import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../auth/flash.server";
import { requireMember } from "../../auth/guards.server";
import { SettingsModalLink } from "../../components/forms/SettingsModalLink";
import { GalleryItemForm } from "../../components/members/GalleryItemForm";
import { GalleryUploadForm, ProfileDetailsForm, ProfileFormAlert, ProfileImageForms } from "../../components/members/ProfileForms";
import { profileAction } from "../../members/profile-actions.server";
import { ownProfile } from "../../members/profile.server";
import membersStyles from "../../styles/members.css?url";
import type { loader as galleryLoader } from "./edit-gallery";
import { AccountPage } from "../../components/account/AccountPage";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: membersStyles }];

export const meta: MetaFunction = () => [{ title: "Edit your profile — Pawroute" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireMember(request);
  const [profile, flash] = await Promise.all([ownProfile(user.id), readFlash(request)]);
  return data({ username: user.username, ...profile, flash: flash.message }, { headers: flash.headers });
}

/** Bio and twitter username, profile image set / change / delete, gallery upload: the member's own only. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireMember(request);
  return profileAction(request, user);
}

export default function EditProfile() {
  const { username, bio, twitterUsername, profileImage, gallery, flash } = useLoaderData<typeof loader>();
  return (
    <AccountPage title="Edit your profile" className="members-page" notice={flash}>
      <ProfileFormAlert />
      {username ? (
        <p className="form-lead">
          Your public profile: <Link to={`/profile/${username}`}>/profile/{username}</Link>
        </p>
      ) : (
        <p className="form-lead">
          <Link to="/account/set-username?redirectTo=/account/edit-profile">Choose a username</Link> to get a public profile page.
        </p>
      )}
      <div className="members-grid">
        <section className="account-card" aria-labelledby="details-heading">
          <h2 id="details-heading">Profile details</h2>
          <ProfileDetailsForm bio={bio} twitterUsername={twitterUsername} action="/account/edit-profile" />
        </section>
        <section className="account-card" aria-labelledby="image-heading">
          <h2 id="image-heading">Profile image</h2>
          <ProfileImageForms image={profileImage} action="/account/edit-profile" />
        </section>
      </div>
      <section className="account-card" aria-labelledby="gallery-heading">
        <h2 id="gallery-heading">Your gallery</h2>
        {gallery.length ? (
          <ul className="member-gallery">
            {gallery.map((image) => (
              <li key={image.id} className="member-gallery__item">
                <img src={image.versions["6"]?.url} width={160} height={120} alt={image.altTitle || "Gallery photo"} loading="lazy" />
                <SettingsModalLink<typeof galleryLoader>
                  href={`/account/edit-gallery/${image.id}`}
                  title="Edit image"
                  label={
                    <>
                      Edit<span className="visually-hidden"> {image.altTitle || "photo"}</span>
                    </>
                  }
                  className="button button--quiet button--small"
                  render={(loaded, fetcher) => <GalleryItemForm data={loaded} fetcher={fetcher} />}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="account-card__note">No photos yet.</p>
        )}
        <GalleryUploadForm action="/account/edit-profile" />
      </section>
    </AccountPage>
  );
}
