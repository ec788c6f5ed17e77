// One zod schema per form, shared by the browser (remix-validated-form) and the server.
// Messages quoted in the spec (account-and-back-office.md §5) are used word for word, typos included.
import { z } from "zod";
import { MAX_DATABASE_ID } from "../../core/ids";

export const MESSAGES = {
  usernameRequired: "Please enter your desired username.",
  usernameCharacters: "Sorry - your username should only contain letters and numbers.",
  usernameTooShort: "Please choose a username that is at least 5 characters long.",
  usernameTooLong: "Please choose a username that is is no longer than 15 characters.",
  passwordsDontMatch: "Passwords don't match",
  repeatNewPassword: "You must repeat your new password",
  reenterNewPassword: "You must re-enter your new password",
  twitterUsername: "Please enter a valid twitter username, it can only contain letters, numbers and underscores.",
} as const;

/** The honeypot field: people never see it, bots fill it in. */
export const HONEYPOT_FIELD = "website";

export const USERNAME_MIN = 5;
export const USERNAME_MAX = 15;
export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

/** The spec's default empty-field wording: 'Please enter {operator} {name}'. */
const required = (name: string) => `Please enter your ${name}`;
const tooLong = (name: string, max: number) => `Your ${name} can be at most ${max} characters long`;

/** A text input: trimmed; a missing field (a non-HTML client) reads as empty, a file upload as invalid. */
function text(name: string, max: number) {
  return z.preprocess((value) => (value === undefined || value === null ? "" : value), z.string({ invalid_type_error: `Please enter ${name} as text` }).trim().max(max, tooLong(name, max)));
}

function requiredText(name: string, max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z.string({ invalid_type_error: `Please enter ${name} as text` }).trim().min(1, required(name)).max(max, tooLong(name, max)),
  );
}

export const emailField = z.preprocess(
  (value) => (value === undefined || value === null ? "" : value),
  z
    .string({ invalid_type_error: "Please enter your email address as text" })
    .trim()
    .min(1, required("email address"))
    .max(EMAIL_MAX, tooLong("email address", EMAIL_MAX))
    .email("Please enter a valid email address, such as name@example.com"),
);

/** Passwords are not trimmed: spaces may be part of a passphrase. */
function passwordField(emptyMessage: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ invalid_type_error: "Please enter the password as text" })
      .min(1, emptyMessage)
      .min(PASSWORD_MIN, `Please choose a password of at least ${PASSWORD_MIN} characters`)
      .max(PASSWORD_MAX, `Please choose a password of at most ${PASSWORD_MAX} characters`),
  );
}

function repeatField(emptyMessage: string) {
  return z.preprocess((value) => (value === undefined || value === null ? "" : value), z.string({ invalid_type_error: emptyMessage }).min(1, emptyMessage).max(PASSWORD_MAX, MESSAGES.passwordsDontMatch));
}

export const usernameField = z.preprocess(
  (value) => (value === undefined || value === null ? "" : value),
  z
    .string({ invalid_type_error: MESSAGES.usernameRequired })
    .trim()
    .min(1, MESSAGES.usernameRequired)
    .regex(/^[A-Za-z0-9_.-]*$/, MESSAGES.usernameCharacters)
    .min(USERNAME_MIN, MESSAGES.usernameTooShort)
    .max(USERNAME_MAX, MESSAGES.usernameTooLong),
);

export const twitterUsernameField = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().replace(/^@/, "") : value === undefined || value === null ? "" : value),
  z.string({ invalid_type_error: MESSAGES.twitterUsername }).regex(/^[A-Za-z0-9_]{0,15}$/, MESSAGES.twitterUsername),
);

/** Where to go afterwards: kept as given here, made safe by safeRedirect on the server. */
const redirectToField = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().max(2000).optional());

function matchingPasswords<T extends z.ZodRawShape>(shape: T, password: keyof T & string, repeat: keyof T & string) {
  return z.object(shape).superRefine((values: Record<string, unknown>, ctx) => {
    if (typeof values[repeat] === "string" && values[repeat] !== "" && values[password] !== values[repeat]) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [repeat], message: MESSAGES.passwordsDontMatch });
    }
  });
}

export const loginSchema = z.object({
  email: emailField,
  password: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z.string({ invalid_type_error: "Please enter your password as text" }).min(1, required("password")).max(PASSWORD_MAX, "The email address or password is not right"),
  ),
  redirectTo: redirectToField,
});

export const joinSchema = matchingPasswords(
  { email: emailField, password: passwordField(required("password")), confirmPassword: repeatField(MESSAGES.repeatNewPassword), redirectTo: redirectToField },
  "password",
  "confirmPassword",
);

export const forgottenSchema = z.object({ email: emailField });

export const resetSchema = matchingPasswords(
  {
    token: z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().min(1, "This link is not complete: ask for a new one").max(200)),
    password: passwordField(required("new password")),
    passwordRepeat: repeatField(MESSAGES.reenterNewPassword),
  },
  "password",
  "passwordRepeat",
);

export const changePasswordSchema = matchingPasswords(
  {
    /** Only shown (and required by the server) when the account already has a password. */
    password: text("current password", PASSWORD_MAX),
    newPassword: passwordField(required("new password")),
    newPasswordRepeat: repeatField(MESSAGES.repeatNewPassword),
  },
  "newPassword",
  "newPasswordRepeat",
);

export const changeEmailSchema = z.object({ email: emailField });

export const setUsernameSchema = z.object({ username: usernameField, redirectTo: redirectToField });

export const addressSchema = z.object({
  address1: requiredText("address", 100),
  address2: text("second address line", 100),
  town: requiredText("town", 60),
  county: text("county", 60),
  postcode: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ invalid_type_error: "Please enter your postcode as text" })
      .trim()
      .min(1, required("postcode"))
      .max(12, tooLong("postcode", 12))
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, "Please enter a postcode made of letters, numbers and spaces"),
  ),
  country: z.preprocess(
    (value) => (value === "" || value === undefined ? undefined : value),
    z.coerce.number({ required_error: "Please select your country", invalid_type_error: "Please select your country" }).int("Please select your country").positive("Please select your country").max(MAX_DATABASE_ID, "Please select your country"),
  ),
  reason: z.preprocess((value) => (typeof value === "string" ? value : undefined), z.string().max(40).optional()),
  redirectTo: redirectToField,
});

/** Checkbox values: absent means none ticked, one tick arrives as a string, several as an array. */
export const emailSettingsSchema = z.object({
  lists: z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.coerce.number({ invalid_type_error: "Please choose lists from the ones shown" }).int().positive("Please choose lists from the ones shown").max(MAX_DATABASE_ID, "Please choose lists from the ones shown")).max(50),
  ),
});

export const endSessionSchema = z.object({
  sessionId: z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().regex(/^[0-9a-f]{64}$/, "That session could not be found")),
});
