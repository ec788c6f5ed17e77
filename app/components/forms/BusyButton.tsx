import { useNavigation } from "@remix-run/react";
import type { ButtonHTMLAttributes, ReactNode } from "react";

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled" | "children"> & {
  children: ReactNode;
  /** What the button says while its request runs. */
  pending: ReactNode;
  /** A fetcher's state, for buttons in a fetcher form; plain forms follow the page's navigation. */
  fetcherState?: "idle" | "submitting" | "loading";
  /** The form's action path, so only the button whose form was sent says it is busy. */
  action?: string;
  /** For forms that JavaScript sends on as a navigation (search forms): busy while the page navigates. */
  whileNavigating?: boolean;
  disabled?: boolean;
};

/**
 * The submit button of forms outside remix-validated-form (spec: every submit button shows a loading
 * state and ignores repeat clicks during a request; the state goes when the request fails). While any
 * form of the page is being sent every BusyButton is disabled; the one whose form was sent says so.
 * Without JavaScript it is a plain submit button.
 */
export function BusyButton({ children, pending, fetcherState, action, whileNavigating, disabled, name, value, ...rest }: Props) {
  const navigation = useNavigation();
  // A form being sent (GET search forms too): the navigation carries its method, action and data.
  const sending = navigation.state !== "idle" && navigation.formMethod !== undefined ? navigation : null;
  const sentPath = sending?.formAction?.split("?")[0];
  const mine =
    fetcherState !== undefined
      ? fetcherState !== "idle"
      : whileNavigating
        ? navigation.state === "loading"
        : sending !== null && (action === undefined || sentPath === action) && (name === undefined || sending.formData?.get(name) === String(value ?? ""));
  const busy = mine || (fetcherState === undefined && sending !== null);
  return (
    <button type="submit" name={name} value={value} disabled={disabled || busy} aria-busy={mine || undefined} {...rest}>
      {mine ? pending : children}
    </button>
  );
}

/** A form's row of actions holding its one main submit button. */
export function SubmitRow({ children, pending }: { children: ReactNode; pending: ReactNode }) {
  return (
    <div className="form-actions">
      <BusyButton pending={pending} className="button button--accent">
        {children}
      </BusyButton>
    </div>
  );
}
