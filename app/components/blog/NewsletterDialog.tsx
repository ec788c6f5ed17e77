import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef } from "react";
import type { CaptchaFallbackData } from "../forms/Captcha";

const loadSubscribeForm = () => import("./SubscribeForm");
const SubscribeForm = lazy(() => loadSubscribeForm().then((module) => ({ default: module.SubscribeForm })));

interface NewsletterData {
  member: boolean;
  subscribed: boolean;
  captcha: CaptchaFallbackData;
}

/**
 * The newsletter modal's dialog, once its trigger (app/components/blog/NewsletterModal.tsx) fired: it
 * asks /newsletter whether the visitor is subscribed (and for a captcha), then opens, unless someone
 * began typing in a form meanwhile (`inForm`; `onGiveUp`: the next trigger tries again).
 */
export function NewsletterDialog({ inForm, onGiveUp }: { inForm: () => boolean; onGiveUp: () => void }) {
  const loader = useFetcher<NewsletterData>();
  const submitter = useFetcher();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    loadSubscribeForm().catch(() => undefined); // only a head start: lazy() reports a failed fetch
    if (loader.state === "idle" && !loader.data) loader.load("/newsletter");
  }, [loader]);

  const ready = loader.data && !loader.data.subscribed;
  useEffect(() => {
    if (!ready || !dialog.current || dialog.current.open) return;
    // The form arrived while someone began typing: give up this time rather than open over them.
    if (inForm()) onGiveUp();
    else dialog.current.showModal();
  }, [ready, inForm, onGiveUp]);

  if (!ready || !loader.data) return null;
  return (
    <dialog ref={dialog} className="newsletter-modal" aria-labelledby="newsletter-modal-title" onClose={onGiveUp}>
      <button type="button" className="button button--quiet newsletter-modal__close" onClick={() => dialog.current?.close()}>
        Close
      </button>
      <h2 id="newsletter-modal-title">Get Bark Out in your inbox</h2>
      <p>New dog-friendly walks, pubs and beaches and the best stories, once a month.</p>
      <Suspense fallback={<p aria-live="polite">Loading the sign-up form…</p>}>
        <SubscribeForm action="/newsletter" captcha={loader.data.captcha} member={loader.data.member} id="newsletter-modal" fetcher={submitter} />
      </Suspense>
    </dialog>
  );
}
