import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readFlash } from "../../../auth/flash.server";
import { getSessionUser, requireMember } from "../../../auth/guards.server";
import { Notice } from "../../../components/forms/FormParts";
import { StatusPage } from "../../../components/StatusPage";
import { GalleryUploadForm, ProfileDetailsForm, ProfileFormAlert, ProfileImageForms } from "../../../components/members/ProfileForms";
import { AppError } from "../../../../core/errors";
import { profileAction } from "../../../members/profile-actions.server";
import { PROFILE_MESSAGES, publicProfile } from "../../../members/profile.server";
import formStyles from "../../../styles/forms.css?url";
import membersStyles from "../../../styles/members.css?url";
import { formatDate, formatMonthYear } from "../../../../kit/format";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: membersStyles },
];

/** /profile/{username}: anyone may look; the owner's controls are sent only to the member whose username it is. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const [profile, viewer] = await Promise.all([publicProfile(params.username ?? ""), getSessionUser(request)]);
  if (!profile) throw new AppError(404, PROFILE_MESSAGES.profileNotFound);
  const { userId, ...shown } = profile;
  const isOwner = viewer?.id === userId;
  const flash = isOwner ? await readFlash(request) : { message: null, headers: {} };
  return data({ profile: shown, isOwner, flash: flash.message }, { headers: flash.headers });
}

/** The owner's controls (bio, profile image, gallery photos): refused to anyone but the owner. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireMember(request);
  const profile = await publicProfile(params.username ?? "");
  if (!profile) throw new AppError(404, PROFILE_MESSAGES.profileNotFound);
  if (profile.userId !== user.id) throw new AppError(403, PROFILE_MESSAGES.notYours);
  return profileAction(request, user);
}


export default function Profile() {
  const { profile, isOwner, flash } = useLoaderData<typeof loader>();
  const self = `/profile/${profile.username}`;
  return (
    <div className="container members-page profile-page">
      <Notice message={flash} />
      {isOwner ? <ProfileFormAlert /> : null}
      <header className="profile-head">
        {profile.profileImage ? (
          <img src={profile.profileImage.versions["6"]?.url} width={160} height={120} alt={`${profile.username}'s profile image`} className="profile-head__img" />
        ) : (
          <span className="profile-head__placeholder" aria-hidden="true">
            {profile.username.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1>{profile.username}</h1>
          <p className="profile-head__meta">
            Member since {formatMonthYear(profile.memberSince)} · {profile.points.toLocaleString("en-GB")} Treat Points
            {profile.rank ? (
              <>
                {" "}
                · <Link to="/leaderboard?period=all">#{profile.rank} on the leaderboard</Link>
              </>
            ) : null}
          </p>
          {profile.twitterUsername ? (
            <p className="profile-head__meta">
              <a href={`https://x.com/${profile.twitterUsername}`} rel="noopener noreferrer nofollow">
                @{profile.twitterUsername}
              </a>
            </p>
          ) : null}
        </div>
      </header>

      {profile.bio ? <p className="profile-bio">{profile.bio}</p> : isOwner ? null : <p className="account-card__note">{profile.username} hasn&apos;t written a bio yet.</p>}

      {isOwner ? (
        <section className="account-card profile-owner" aria-labelledby="owner-heading">
          <h2 id="owner-heading">Your profile</h2>
          <p className="account-card__note">
            Only you see these controls. <Link to="/account/edit-profile">Edit your whole profile</Link>
          </p>
          <div className="members-grid">
            <div>
              <h3>Edit bio</h3>
              <ProfileDetailsForm bio={profile.bio} twitterUsername={profile.twitterUsername} action={self} redirectTo={self} />
            </div>
            <div>
              <h3>{profile.profileImage ? "Profile image" : "Add a profile image"}</h3>
              <ProfileImageForms image={profile.profileImage} action={self} redirectTo={self} />
            </div>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="gallery-heading" className="profile-section">
        <h2 id="gallery-heading">Gallery</h2>
        {profile.gallery.length ? (
          <ul className="member-gallery">
            {profile.gallery.map((image) => (
              <li key={image.id} className="member-gallery__item">
                <a href={image.versions["3"]?.url ?? image.versions["1"]?.url}>
                  <img src={image.versions["6"]?.url} width={160} height={120} alt={image.altTitle || `Photo by ${profile.username}`} title={image.altTitle || undefined} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="account-card__note">No photos yet.</p>
        )}
        {isOwner ? <GalleryUploadForm action={self} redirectTo={self} /> : null}
      </section>

      <section aria-labelledby="lists-heading" className="profile-section">
        <h2 id="lists-heading">Favourites lists</h2>
        {profile.lists.length ? (
          <ul className="profile-lists">
            {profile.lists.map((list) => (
              <li key={list.id}>
                <Link to={`${self}/favourites/${list.id}`}>{list.name}</Link> <span className="account-card__note">({list.count === 1 ? "1 place" : `${list.count} places`})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="account-card__note">No favourites lists yet.</p>
        )}
      </section>

      <section aria-labelledby="reviews-heading" className="profile-section">
        <h2 id="reviews-heading">Reviews</h2>
        {profile.reviews.length ? (
          <ul className="profile-reviews">
            {profile.reviews.map((review) => (
              <li key={review.id}>
                <Link to={review.listingUrl}>{review.listingTitle}</Link>
                <span className="profile-reviews__meta">
                  {" "}
                  · <span aria-label={`${review.rating} out of 5`}>{"★".repeat(review.rating)}</span> · {formatDate(review.date)}
                </span>
                {review.title ? <p className="profile-reviews__title">{review.title}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="account-card__note">No reviews yet.</p>
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.profile.username} — Pawroute member` : "Member not found — Pawroute" },
  ...(loaded ? [{ name: "description", content: `${loaded.profile.username}'s dog-friendly reviews, photos and favourites on Pawroute.` }] : []),
];

export function ErrorBoundary() {
  return <StatusPage />;
}
