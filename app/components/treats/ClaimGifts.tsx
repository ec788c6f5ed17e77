import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { formErrorOf } from "../forms/form-errors";
import { Modal } from "../forms/Modal";
import { CLAIM_ANIMATION_DELAY_MS, CLAIMED_MODAL_DELAY_MS } from "../../treats/types";
import { Confetti } from "./Confetti";
import { GiftIcon } from "./GiftIcon";

const GIFTS = [
  { value: "1", label: "The gift the spaniel is guarding", colour: "accent" },
  { value: "2", label: "The gift the terrier is guarding", colour: "brand" },
  { value: "3", label: "The gift the collie is guarding", colour: "clay" },
] as const;

interface Won {
  hexId: string;
  name: string;
  /** The Treat's picture (its larger version), when it has one. */
  image: string | null;
}

function wonOf(value: unknown): Won | null {
  if (typeof value !== "object" || value === null || !("won" in value)) return null;
  const won = value.won;
  if (typeof won !== "object" || won === null || !("hexId" in won) || !("name" in won) || typeof won.hexId !== "string" || typeof won.name !== "string") return null;
  const image = "image" in won && typeof won.image === "object" && won.image !== null && "large" in won.image && typeof won.image.large === "string" ? won.image.large : null;
  return { hexId: won.hexId, name: won.name, image };
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Pick one of the dog gifts. Without JavaScript each gift is a submit button and the server answers with
 * the won Treat's page. With JavaScript the chosen gift wobbles for 750 ms before the claim is sent, the
 * claimed modal opens 3 s after the click with 200 frames of confetti; with reduced motion there is no
 * wobble, no wait and no confetti. A failed claim resets the gifts and shows the message.
 */
export function ClaimGifts({ disabled }: { disabled: boolean }) {
  const claim = useFetcher();
  const [chosen, setChosen] = useState<string | null>(null);
  const [modalDue, setModalDue] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const [reduced, setReduced] = useState(false);
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const won = claim.state === "idle" ? wonOf(claim.data) : null;
  const error = claim.state === "idle" ? formErrorOf(claim.data) : null;

  useEffect(() => {
    if (error) {
      setChosen(null);
      setModalDue(false);
    }
  }, [error]);

  useEffect(() => {
    if (won && modalDue) setModalOpen(true);
  }, [won, modalDue]);

  const choose = (value: string) => {
    const reduce = prefersReducedMotion();
    setReduced(reduce);
    setChosen(value);
    const send = () => claim.submit({ gift: value, js: "1" }, { method: "post", action: "/account/claim-treat" });
    if (reduce) {
      send();
      setModalDue(true);
      return;
    }
    timers.current.push(window.setTimeout(send, CLAIM_ANIMATION_DELAY_MS));
    timers.current.push(window.setTimeout(() => setModalDue(true), CLAIMED_MODAL_DELAY_MS));
  };

  return (
    <>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <Form
        method="post"
        action="/account/claim-treat"
        className="claim-gifts"
        aria-busy={chosen !== null && !won}
        onSubmit={(event) => {
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          const value = submitter instanceof HTMLButtonElement ? submitter.value : "1";
          if (chosen === null) choose(value);
        }}
      >
        {GIFTS.map((gift) => (
          <button
            key={gift.value}
            type="submit"
            name="gift"
            value={gift.value}
            className={`claim-gift${chosen === gift.value ? (won ? " claim-gift--opened" : " claim-gift--chosen") : ""}${chosen !== null && chosen !== gift.value ? " claim-gift--other" : ""}`}
            disabled={disabled || (chosen !== null && chosen !== gift.value)}
            aria-pressed={chosen === gift.value}
          >
            <GiftIcon className="claim-gift__icon" colour={gift.colour} />
            <span className="claim-gift__label">{gift.label}</span>
          </button>
        ))}
      </Form>
      <p className="visually-hidden" role="status">
        {chosen !== null && !won && !error ? "Opening your gift…" : won ? `You won ${won.name}!` : ""}
      </p>
      <Modal title="You've won a Treat!" open={modalOpen} onClose={() => setModalOpen(false)}>
        {won ? (
          <div className="claimed">
            {reduced ? null : <Confetti />}
            {won.image ? <img src={won.image} alt="" className="claimed__image" width={320} height={240} /> : <GiftIcon className="claimed__icon" />}
            <p className="claimed__name">{won.name}</p>
            <p>It is waiting for you in your Treats: redeem it, or gift it to a friend.</p>
            <div className="form-actions">
              <Link to={`/account/treats/${won.hexId}`} className="button button--accent">
                See your Treat
              </Link>
              <Link to="/account/treats" className="button button--quiet">
                All your Treats
              </Link>
            </div>
          </div>
        ) : null}
      </Modal>
    </>
  );
}
