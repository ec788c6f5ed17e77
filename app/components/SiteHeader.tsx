import { Link, NavLink } from "@remix-run/react";
import { NAVIGATION } from "../navigation";

export function SiteHeader({ user }: { user: { username: string | null; isAdmin: boolean } | null }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="brand" aria-label="Pawroute home">
          <span className="brand__mark" aria-hidden="true">🐾</span>
          <span className="brand__name">Pawroute</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          <ul>
            {NAVIGATION.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {user ? <span className="site-header__user">{user.username ?? "Your account"}</span> : null}
      </div>
    </header>
  );
}
