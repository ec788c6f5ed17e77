import { NavLink } from "@remix-run/react";
import { accountMenu } from "../navigation";

/** The account area's menu, on every account page (read from ACCOUNT_MENU, like the header's account menu). */
export function AccountNav({ isAdmin }: { isAdmin: boolean }) {
  return (
    <nav aria-label="Your account" className="account-nav container">
      <ul className="account-nav__list">
        {accountMenu(isAdmin).map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === "/account"} prefetch="intent">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
