// Wallets' HTTP side (decision 0242): which pages may use the Payment Request API, and Apple Pay's domain
// association file served when configured. The browser side is tests/e2e/payments-wallets.js-only.spec.ts.
import { mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applePayDomainAssociation, APPLE_PAY_ASSOCIATION_PATH, permissionsPolicy } from "../../app/payments/wallets.server";

// The environment is read on first use, after this line.
const file = join(mkdtempSync(join(tmpdir(), "apple-pay-")), "apple-developer-merchantid-domain-association");
writeFileSync(file, "7B227073704964223A2266616B65227D");
process.env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE = file;

let server: ReturnType<ReturnType<typeof express>["listen"]>;
let base = "";

beforeAll(async () => {
  const app = express();
  app.get(APPLE_PAY_ASSOCIATION_PATH, applePayDomainAssociation);
  server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("wallets", () => {
  it("allows the Payment Request API on the payment pages (for Stripe.js's frames too) and nowhere else", () => {
    for (const path of ["/payment", "/payment/", "/account/subscriptions/renew", "/account/subscriptions/enable-autorenew", "/account/payment/change", "/account/change-payment-method"]) {
      expect({ path, policy: permissionsPolicy(path) }).toEqual({ path, policy: expect.stringContaining('payment=(self "https://js.stripe.com")') });
    }
    for (const path of ["/", "/payments", "/payment/x", "/subscriptions", "/account/subscriptions", "/account/receipts", "/api/users/me/paymentMethod", "/account/subscriptions/cancel"]) {
      expect({ path, policy: permissionsPolicy(path) }).toEqual({ path, policy: expect.stringContaining("payment=()") });
    }
    expect(permissionsPolicy("/payment")).toContain("camera=()");
  });

  it("serves the configured Apple Pay domain association file as plain text", async () => {
    const response = await fetch(`${base}${APPLE_PAY_ASSOCIATION_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe("7B227073704964223A2266616B65227D");
  });
});
