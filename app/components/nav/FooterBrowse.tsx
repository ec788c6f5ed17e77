import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { FooterBrowseTab } from "../../navigation";

/** Links shown in a tab before its 'View all links' toggle. */
export const FOOTER_LINKS_SHOWN = 8;

/** Plain links: the footer's one click handler navigates in the page (useDelegatedLinks, in SiteFooter). */
function LinkList({ links }: { links: FooterBrowseTab["links"] }) {
  return (
    <ul className="footer-browse__links">
      {links.map((link) => (
        <li key={link.to}>
          <a href={link.to}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}

function Panel({ tab }: { tab: FooterBrowseTab }) {
  const rest = tab.links.slice(FOOTER_LINKS_SHOWN);
  return (
    <>
      <LinkList links={tab.links.slice(0, FOOTER_LINKS_SHOWN)} />
      {rest.length > 0 ? (
        <details className="footer-browse__all">
          <summary>
            <span className="footer-browse__view-all">View all links</span>
            <span className="footer-browse__view-fewer">View fewer links</span>
            <span className="visually-hidden"> ({tab.label})</span>
          </summary>
          <LinkList links={rest} />
        </details>
      ) : null}
    </>
  );
}

/**
 * The footer's browse tabs (public-directory.md §2). Without JavaScript every tab is a titled list
 * one after the other; with it they become tabs (arrow keys, Home and End move between them).
 * 'View all links' is a <details>, so it works either way.
 */
export function FooterBrowse({ tabs }: { tabs: FooterBrowseTab[] }) {
  const [enhanced, setEnhanced] = useState(false);
  const [selected, setSelected] = useState(0);
  const tabList = useRef<HTMLDivElement>(null);

  useEffect(() => setEnhanced(true), []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + tabs.length) % tabs.length;
    setSelected(next);
    tabList.current?.querySelectorAll<HTMLElement>("[role=tab]")[next]?.focus();
  }

  if (!enhanced) {
    return (
      <div className="footer-browse">
        {tabs.map((tab) => (
          <section key={tab.id} className="footer-browse__panel" aria-labelledby={`footer-browse-${tab.id}`}>
            <h3 id={`footer-browse-${tab.id}`}>{tab.label}</h3>
            <Panel tab={tab} />
          </section>
        ))}
      </div>
    );
  }

  return (
    <div className="footer-browse footer-browse--tabs">
      <div className="footer-browse__tabs" role="tablist" aria-label="Browse" ref={tabList} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`footer-browse-tab-${tab.id}`}
            aria-controls={`footer-browse-panel-${tab.id}`}
            aria-selected={index === selected}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`footer-browse-panel-${tab.id}`}
          aria-labelledby={`footer-browse-tab-${tab.id}`}
          className="footer-browse__panel"
          hidden={index !== selected}
        >
          <Panel tab={tab} />
        </div>
      ))}
    </div>
  );
}
