import type { ReactNode } from "react";

/**
 * A visitor's favourite button (a listing's or a blog post's): a <details> whose tooltip says
 * favourites are for members, with log-in and join links that come back to `returnTo`. The links are
 * plain: they leave the page for a form, and a result card renders no router hooks (decision 0199).
 */
export function MembersOnlyFavourite({ className, returnTo, saveWhat, children }: { className?: string; returnTo: string; saveWhat: string; children: ReactNode }) {
  const back = encodeURIComponent(returnTo);
  return (
    <details className={`favourite favourite--visitor${className ? ` ${className}` : ""}`}>
      <summary className="button button--quiet">
        <span aria-hidden="true">♡ </span>
        {children}
      </summary>
      <div className="favourite__tooltip" role="note">
        <p>Favourites are for members.</p>
        <p>
          <a href={`/account/login/?redirectTo=${back}`}>Log in</a> or <a href={`/join?redirectTo=${back}`}>join for free</a> to save {saveWhat}.
        </p>
      </div>
    </details>
  );
}
