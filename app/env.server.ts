import { existsSync } from "node:fs";
import { z } from "zod";

/** Every environment variable the app reads, checked once at start-up. */
const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int("PORT must be a whole number").min(1).max(65535, "PORT must be at most 65535").default(3000),
    DATABASE_URL: z
      .string({ required_error: "DATABASE_URL is not set: start with `npm start`, or set it to postgres://user:password@host:5432/database" })
      .url("DATABASE_URL is not a valid URL: use postgres://user:password@host:5432/database")
      .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_URL must start with postgres:// or postgresql://"),
    /** A streaming replica for search reads (issue 17); writes and reads-after-write stay on DATABASE_URL. */
    DATABASE_REPLICA_URL: z
      .string()
      .url("DATABASE_REPLICA_URL is not a valid URL: use postgres://user:password@host:5432/database")
      .refine((v) => /^postgres(ql)?:\/\//.test(v), "DATABASE_REPLICA_URL must start with postgres:// or postgresql://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    ROUTING_ENGINE: z.enum(["pgrouting", "osrm"], { message: "ROUTING_ENGINE must be pgrouting or osrm" }).default("pgrouting"),
    OSRM_URL: z.string().url("OSRM_URL must be a URL such as http://localhost:5000").optional(),
    MAP_STYLE_URL: z.string().url("MAP_STYLE_URL must be a URL").optional(),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    /** How long an anonymous page may be answered from the render cache (decision 0176); 0 turns it off. */
    RENDER_CACHE_SECONDS: z.coerce.number().int("RENDER_CACHE_SECONDS must be a whole number").min(0).max(60, "RENDER_CACHE_SECONDS must be at most 60 (the pages' s-maxage)").default(10),
    /** How long each process keeps a route the routing engine gave (decision 0181); 0 asks the engine every time. */
    ROUTE_CACHE_SECONDS: z.coerce.number().int("ROUTE_CACHE_SECONDS must be a whole number").min(0).max(86_400, "ROUTE_CACHE_SECONDS must be at most 86400 (a day)").default(600),
    /** How far a route's end may be from the road network before it is "no route" (decision 0220). */
    ROUTING_SNAP_METRES: z.coerce.number().int("ROUTING_SNAP_METRES must be a whole number of metres").min(100, "ROUTING_SNAP_METRES must be at least 100").max(50_000, "ROUTING_SNAP_METRES must be at most 50000 (50 km)").default(8_000),
    /** How long each process keeps the place a typed text was found as (decision 0198); 0 asks the gazetteer every time. */
    PLACE_CACHE_SECONDS: z.coerce.number().int("PLACE_CACHE_SECONDS must be a whole number").min(0).max(3_600, "PLACE_CACHE_SECONDS must be at most 3600 (an hour)").default(60),
    /** How long each process keeps a tile of the imported map layers (decision 0327); 0 reads PostGIS every time. */
    TILE_CACHE_SECONDS: z.coerce.number().int("TILE_CACHE_SECONDS must be a whole number").min(0).max(86_400, "TILE_CACHE_SECONDS must be at most 86400 (a day, as browsers keep them)").default(600),
    SESSION_SECRET: z
      .string({ required_error: "SESSION_SECRET is not set: start with `npm start` (it makes one in .data/), or set a random string of 32+ characters" })
      .min(32, "SESSION_SECRET must be at least 32 characters long"),
    /**
     * Secure cookies need HTTPS. Unset: Secure when PUBLIC_URL (or APP_URL) is https, not when it is
     * http, and Secure when neither is set (decision 0257); `npm start` without either serves plain http.
     */
    COOKIE_SECURE: z.enum(["true", "false"], { message: "COOKIE_SECURE must be true or false" }).optional(),
    /**
     * The site's public address, for share links, canonical URLs and links in mail (docs/decisions/0046).
     * Unset: the address each request was sent to.
     */
    PUBLIC_URL: z
      .string()
      .url("PUBLIC_URL must be the site's address, such as https://www.pawroute.example")
      .refine((v) => /^https?:\/\//.test(v), "PUBLIC_URL must start with http:// or https://")
      .optional(),
    /** The older name of PUBLIC_URL, still read when PUBLIC_URL is unset. */
    APP_URL: z.string().url("APP_URL must be the site's address, such as https://www.pawroute.example").optional(),
    /** Where mail goes (smtp:// or smtps://user:password@host:port). Unset: the local mail catcher keeps it. */
    SMTP_URL: z
      .string()
      .url("SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587")
      .refine((v) => /^smtps?:\/\//.test(v), "SMTP_URL must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3, "MAIL_FROM must be a sender such as Pawroute <hello@pawroute.example>").default("Pawroute <no-reply@pawroute.test>"),
    /** Port of the local mail catcher used when SMTP_URL is unset; 0 picks a free port. */
    MAIL_CATCHER_PORT: z.coerce.number().int("MAIL_CATCHER_PORT must be a whole number").min(0).max(65535).default(0),
    /** graphile-worker's schema: app servers that share a database and this schema share one job queue. */
    JOB_QUEUE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, "JOB_QUEUE_SCHEMA must be a lower-case PostgreSQL name such as graphile_worker")
      .default("graphile_worker"),
    /** Behind a reverse proxy: "true", or the number of proxies, so the client's IP is read from X-Forwarded-For. */
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|\d+)$/, "TRUST_PROXY must be true, false or a number of proxies")
      .default("false")
      .transform((v) => (v === "true" ? true : v === "false" ? false : Number(v))),
    /** Where uploaded images are stored (local disk); relative paths start at the working directory. */
    UPLOAD_DIR: z.string().min(1, "UPLOAD_DIR must be a folder such as .data/uploads").default(".data/uploads"),
    /** Treat Points for a review once it is accepted, and for a listing once it goes live. */
    REVIEW_POINTS: z.coerce.number().int("REVIEW_POINTS must be a whole number").min(0).max(100_000).default(10),
    /** Bearer token for GET /metrics; without it /metrics answers only on the loopback address (docs/decisions/0062-operations.md). */
    METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters long").optional(),
    LISTING_POINTS: z.coerce.number().int("LISTING_POINTS must be a whole number").min(0).max(100_000).default(25),
    /** Treat Points for a member's first bio, and for each friend who joins through a referral and verifies their email. */
    BIO_POINTS: z.coerce.number().int("BIO_POINTS must be a whole number").min(0).max(100_000).default(5),
    REFERRAL_POINTS: z.coerce.number().int("REFERRAL_POINTS must be a whole number").min(0).max(100_000).default(50),
    /** The project's own pages on a social network and a microblog, for the follow prompts at /account/social-media. */
    SOCIAL_NETWORK_URL: z.string().url("SOCIAL_NETWORK_URL must be a URL such as https://www.facebook.com/pawroute").default("https://www.facebook.com/pawroute"),
    MICROBLOG_URL: z.string().url("MICROBLOG_URL must be a URL such as https://x.com/pawroute").default("https://x.com/pawroute"),
    /** Treat Points for a member's story once it is published on Bark Out. */
    STORY_POINTS: z.coerce.number().int("STORY_POINTS must be a whole number").min(0).max(100_000).default(50),
    /** Where contact messages and story notices are mailed. */
    TEAM_EMAIL: z.string().email("TEAM_EMAIL must be an email address such as team@pawroute.example").default("team@pawroute.test"),
    /**
     * Card payments (docs/decisions/0121-local-payment-stand-ins.md). Without STRIPE_SECRET_KEY the app runs a
     * local stand-in of the Stripe API and of Stripe.js, so nothing leaves the machine and the test cards work.
     */
    STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_…)").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, "STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)").optional(),
    /** Where the stripe SDK sends its calls; unset: Stripe itself with a key, else the local stand-in. */
    STRIPE_API_URL: z.string().url("STRIPE_API_URL must be a URL such as http://127.0.0.1:12111").optional(),
    /** The Stripe.js script the payment page loads; unset: https://js.stripe.com/v3/ with a key, else the local stand-in. */
    STRIPE_JS_URL: z.string().min(1).optional(),
    /** Port of the local Stripe stand-in when no key is set; 0 picks a free port. */
    STRIPE_LOCAL_PORT: z.coerce.number().int("STRIPE_LOCAL_PORT must be a whole number").min(0).max(65535).default(0),
    /**
     * PayPal (docs/decisions/0123-paypal-vault-and-stand-in.md). Without PAYPAL_CLIENT_SECRET the app runs a
     * local stand-in of PayPal's REST API and of the PayPal JS SDK, so nothing leaves the machine.
     */
    PAYPAL_CLIENT_ID: z.string().regex(/^[\w-]{8,200}$/, "PAYPAL_CLIENT_ID must be a PayPal REST app's client id").optional(),
    PAYPAL_CLIENT_SECRET: z.string().regex(/^[\w-]{8,200}$/, "PAYPAL_CLIENT_SECRET must be a PayPal REST app's secret").optional(),
    /** Where the REST calls go; unset: https://api-m.sandbox.paypal.com with keys, else the local stand-in. */
    PAYPAL_API_URL: z.string().url("PAYPAL_API_URL must be a URL such as https://api-m.sandbox.paypal.com").optional(),
    /** The id of the webhook endpoint /api/webhooks/paypal in the PayPal app (the signature check needs it). */
    PAYPAL_WEBHOOK_ID: z.string().regex(/^[\w-]{1,60}$/, "PAYPAL_WEBHOOK_ID must be the webhook's id from the PayPal app").optional(),
    /** Offer the PayPal button (false: its wrapper is removed and only cards are offered). */
    PAYPAL_ENABLED: z.enum(["true", "false", "1", "0"], { message: "PAYPAL_ENABLED must be true or false" }).default("true").transform((value) => value === "true" || value === "1"),
    /** The PayPal JS SDK's address (without query); unset: PayPal's sandbox SDK with keys, else /local/paypal.js. */
    PAYPAL_SDK_URL: z.string().min(1).optional(),
    /**
     * What the local Stripe and PayPal stand-ins sign their webhooks with (decision 0241): 32+ random
     * characters per installation; `npm start` keeps one in .data/payments-local-secret. Unset: each server
     * process makes its own. Read at call time (payments/local/secrets.server.ts).
     */
    PAYMENTS_LOCAL_SECRET: z.string().min(32, "PAYMENTS_LOCAL_SECRET must be at least 32 random characters").optional(),
    /** Port of the local PayPal stand-in when no secret is set; 0 picks a free port. */
    PAYPAL_LOCAL_PORT: z.coerce.number().int("PAYPAL_LOCAL_PORT must be a whole number").min(0).max(65535).default(0),
    /**
     * Apple Pay on the web (decision 0242): the domain association file Stripe's dashboard gives for this
     * domain, served at /.well-known/apple-developer-merchantid-domain-association. Unset: that path is 404.
     */
    APPLE_PAY_DOMAIN_ASSOCIATION_FILE: z
      .string()
      .refine((file) => existsSync(file), "APPLE_PAY_DOMAIN_ASSOCIATION_FILE must be the path of the file Stripe gives (from the dashboard's Apple Pay page)")
      .optional(),
    /** Days before expiry that the renewal job charges a subscription set to renew automatically. */
    RENEWAL_DAYS_BEFORE: z.coerce.number().int().min(0).max(30).default(3),
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || (env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET), {
    message: "STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET too (from the Stripe dashboard's developer page)",
    path: ["STRIPE_PUBLISHABLE_KEY"],
  })
  .refine((env) => !env.PAYPAL_CLIENT_SECRET || (env.PAYPAL_CLIENT_ID && env.PAYPAL_WEBHOOK_ID), {
    message: "PAYPAL_CLIENT_SECRET needs PAYPAL_CLIENT_ID and PAYPAL_WEBHOOK_ID too (from the PayPal developer dashboard's app page)",
    path: ["PAYPAL_CLIENT_ID"],
  })
  .refine((env) => env.ROUTING_ENGINE !== "osrm" || env.OSRM_URL, {
    message: "ROUTING_ENGINE=osrm needs OSRM_URL (the OSRM server's address)",
    path: ["OSRM_URL"],
  });

/** The cookies' Secure flag: COOKIE_SECURE when set, else whether the site's public address is https. */
export function cookiesSecure(env: { COOKIE_SECURE?: "true" | "false"; PUBLIC_URL?: string; APP_URL?: string }): boolean {
  if (env.COOKIE_SECURE !== undefined) return env.COOKIE_SECURE === "true";
  const publicUrl = env.PUBLIC_URL ?? env.APP_URL;
  return publicUrl === undefined || new URL(publicUrl).protocol === "https:";
}

const withDefaults = schema.transform((env) => ({ ...env, COOKIE_SECURE: cookiesSecure(env) }));

export type Env = z.infer<typeof withDefaults>;

let cached: Env | undefined;

/** Parses process.env; on a bad value throws one line naming the variable and the fix. */
export function getEnv(): Env {
  if (cached) return cached;
  const parsed = withDefaults.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(issue.message.includes(String(issue.path[0])) ? issue.message : `${issue.path.join(".")}: ${issue.message}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * Tests only: the next getEnv() parses process.env again. The integration files that share one process
 * (vitest's "shared" project, decision 0338) each start from the environment a process of their own would see.
 */
export function forgetEnvForTests(): void {
  cached = undefined;
}

export class ConfigError extends Error {
  name = "ConfigError";
}
