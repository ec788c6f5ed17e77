import { Form, useFetcher, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AddressForm, type AddressData } from "../forms/account/AddressForm";
import { BusyButton } from "../forms/BusyButton";
import { Modal } from "../forms/Modal";
import { ADDRESS_REQUIRED, TREAT_MESSAGES } from "../../treats/types";
import { isAppErrorData, type AppErrorData } from "../../../core/errors";

/** The redeem's answer when a gift needs an address first: the one error body with its code. */
function addressRequired(value: unknown): value is AppErrorData {
  return isAppErrorData(value) && value.code === ADDRESS_REQUIRED;
}

function messageOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  if ("message" in value && typeof value.message === "string") return value.message;
  return null;
}

/**
 * The Redeem button. Without JavaScript it posts and the server answers with a redirect (the partner, the
 * redeemed Treat, or the address page with ?reason=redeem). With JavaScript a posted gift without an
 * address opens the settings address form in a modal; saving it comes back here with ?retry=redeem and
 * the redeem is sent again; closing the modal instead says why the Treat was not redeemed.
 */
export function RedeemControl({ hexId, name, disabled }: { hexId: string; name: string; disabled: boolean }) {
  const action = `/account/treats/${hexId}/redeem`;
  const redeem = useFetcher();
  const addressLoader = useFetcher<AddressData>();
  const addressSubmitter = useFetcher();
  const [modalOpen, setModalOpen] = useState(false);
  const [abandoned, setAbandoned] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const retried = useRef(false);
  const addressSent = useRef(false);
  // Closing the modal while the address is being sent is not abandoning it.
  if (addressSubmitter.state !== "idle") addressSent.current = true;

  // A saved address redirects here with ?retry=<hex>: the address was sent, and the modal closes. Read from
  // the address, not from having seen the request run: React may never render that (decision 0194).
  const retrying = searchParams.get("retry") === hexId;
  useEffect(() => {
    if (!retrying) return;
    addressSent.current = true;
    setModalOpen(false);
  }, [retrying]);

  const needsAddress = addressRequired(redeem.data) ? redeem.data : null;
  useEffect(() => {
    if (!needsAddress) return;
    setAbandoned(false);
    addressSent.current = false;
    setModalOpen(true);
    // The form is loaded once: it is the same form for a second answer (after closing the modal). Loading it
    // again left a load in flight that saving the address (a navigation) cut short, an abort in the console.
    if (addressLoader.data === undefined && addressLoader.state === "idle") {
      addressLoader.load(`/account/settings/address?${new URLSearchParams({ reason: "redeem", redirectTo: `/account/treats/${hexId}?retry=${hexId}` })}`);
    }
    // Runs once per answer that asks for an address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needsAddress]);

  // Back from the address modal: retry the redeem once.
  useEffect(() => {
    if (disabled || retried.current || searchParams.get("retry") !== hexId) return;
    retried.current = true;
    setSearchParams((params) => {
      params.delete("retry");
      return params;
    }, { replace: true, preventScrollReset: true });
    redeem.submit({ js: "1" }, { method: "post", action });
  }, [disabled, searchParams, setSearchParams, hexId, redeem, action]);

  const error = redeem.state === "idle" && !needsAddress ? messageOf(redeem.data) : null;
  return (
    <>
      <Form
        method="post"
        action={action}
        className="treat-redeem"
        onSubmit={(event) => {
          event.preventDefault();
          redeem.submit({ js: "1" }, { method: "post", action });
        }}
      >
        <BusyButton pending="Redeeming…" className="button button--accent button--small" disabled={disabled} fetcherState={redeem.state} aria-label={`Redeem ${name}`}>
          Redeem
        </BusyButton>
      </Form>
      {abandoned ? (
        <p className="form-alert treat-card__alert" role="alert">
          {TREAT_MESSAGES.addressAbandoned}
        </p>
      ) : null}
      {error ? (
        <p className="form-alert treat-card__alert" role="alert">
          {error}
        </p>
      ) : null}
      <Modal
        title="Add your address"
        open={modalOpen}
        onClose={() => {
          setModalOpen(false);
          if (!addressSent.current) setAbandoned(true);
        }}
      >
        {addressLoader.data ? (
          <AddressForm data={addressLoader.data} fetcher={addressSubmitter} />
        ) : (
          <p className="modal__loading" role="status">
            Loading…
          </p>
        )}
      </Modal>
    </>
  );
}
