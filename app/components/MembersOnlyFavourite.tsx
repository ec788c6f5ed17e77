import type { ReactNode } from "react";
import { usePageContext } from "../ops/page-context";

/**
 * A visitor's favourite button (a listing's or a blog post's): a <details> whose tooltip says
 * favourites are for members, with log-in and join links that come back to `returnTo`. The links are
 * plain: they leave the page for a form, and a result card renders no router hooks (decision 0199).
 * The tooltip is the same on every card of a page (the page's address, what is saved): on the server
 * its inside is rendered once per page address (`staticMarkup`, decision 0329), not on each of the 20
 * cards; the browser renders and hydrates it as usual.
 */
export function MembersOnlyFavourite({ className, returnTo, saveWhat, children }: { className?: string; returnTo: string; saveWhat: string; children: ReactNode }) {
  const { staticMarkup } = usePageContext();
  return (
    <details className={`favourite favourite--visitor${className ? ` ${className}` : ""}`}>
      <summary className="button button--quiet">
        <span aria-hidden="true">♡ </span>
        {children}
      </summary>
      {staticMarkup ? (
        <div
          className="favourite__tooltip"
          role="note"
          dangerouslySetInnerHTML={{ __html: staticMarkup(`members-only\n${returnTo}\n${saveWhat}`, () => <TooltipText returnTo={returnTo} saveWhat={saveWhat} />) }}
        />
      ) : (
        <div className="favourite__tooltip" role="note">
          <TooltipText returnTo={returnTo} saveWhat={saveWhat} />
        </div>
      )}
    </details>
  );
}

function TooltipText({ returnTo, saveWhat }: { returnTo: string; saveWhat: string }) {
  const back = encodeURIComponent(returnTo);
  return (
    <>
      <p>Favourites are for members.</p>
      <p>
        <a href={`/account/login/?redirectTo=${back}`}>Log in</a> or <a href={`/join?redirectTo=${back}`}>join for free</a> to save {saveWhat}.
      </p>
    </>
  );
}
