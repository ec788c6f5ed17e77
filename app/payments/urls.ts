// Where payment pages send the member, shared by loaders, actions and the card form. No server imports.

/** The spec's /subscription-confirmation with the subscription id and the optional next and context. */
export function confirmationHref(id: number, next: string | null, context: string | null): string {
  const query = new URLSearchParams({ subscription: String(id) });
  if (next) query.set("next", next);
  if (context) query.set("context", context);
  return `/subscription-confirmation?${query.toString()}`;
}
