import { Form } from "@remix-run/react";
import { accountMenu } from "../navigation";
import { BusyButton } from "./forms/BusyButton";
import { PawIcon } from "./icons";
import { OTHER_MENU_HOVER, useDropdown } from "./nav/useDropdown";

export interface AccountMenuUser {
  username: string | null;
  isAdmin: boolean;
}

/**
 * The account corner of the header for a member: a <details> disclosure (it opens without JavaScript)
 * with the account menu and log out. With JavaScript it is a desktop dropdown (useDropdown): arrow
 * keys, Escape, closing on navigation or a click elsewhere, and opening on hover from 960 px.
 */
export function AccountMenu({ user, placement }: { user: AccountMenuUser; placement: "header" | "panel" }) {
  const { ref: menu, ...handlers } = useDropdown({ hover: OTHER_MENU_HOVER, transient: true });

  const items = (
    <ul className="account-menu__list">
      {accountMenu(user.isAdmin).map((item) => (
        <li key={item.to}>
          <a href={item.to}>{item.label}</a>
        </li>
      ))}
      <li>
        <Form method="post" action="/logout">
          <BusyButton action="/logout" pending="Logging out…" className="account-menu__logout">
            Log out
          </BusyButton>
        </Form>
      </li>
    </ul>
  );

  const name = (
    <>
      <PawIcon size={16} />
      <span className="account-menu__name">{user.username ?? "Your account"}</span>
      {user.isAdmin ? <span className="account-menu__role"> (admin)</span> : null}
    </>
  );

  // Inside the phone menu the account links are listed openly under the member's name.
  if (placement === "panel") {
    return (
      <div className="account-menu account-menu--panel">
        <p className="account-menu__who">{name}</p>
        {items}
      </div>
    );
  }

  return (
    <details className="account-menu" ref={menu} {...handlers}>
      <summary aria-label={`Your account${user.username ? `: ${user.username}` : ""}`}>{name}</summary>
      <div className="account-menu__panel">{items}</div>
    </details>
  );
}
