import { describe, expect, it } from "vitest";
import { isCrossSite } from "../../app/auth/origin.server";
import { loginPath, safeRedirect } from "../../app/auth/redirect";
import { addressSchema, changePasswordSchema, emailSettingsSchema, joinSchema, MESSAGES, resetSchema, setUsernameSchema, twitterUsernameField } from "../../app/auth/schemas";
import { describeBrowser } from "../../app/components/forms/account/SessionList";

function firstError(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }, field: string) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("username (spec §5, word for word)", () => {
  const check = (username: unknown) => firstError(setUsernameSchema.safeParse({ username }), "username");
  it("is required", () => {
    expect(check("")).toBe("Please enter your desired username.");
    expect(check(undefined)).toBe("Please enter your desired username.");
    expect(check("   ")).toBe("Please enter your desired username.");
  });
  it("allows letters, digits, underscore, dot and hyphen only", () => {
    expect(check("bad name")).toBe("Sorry - your username should only contain letters and numbers.");
    expect(check("chïen_rôti")).toBe(MESSAGES.usernameCharacters);
    expect(check("<script>")).toBe(MESSAGES.usernameCharacters);
    expect(check("good.name-1_x")).toBeUndefined();
  });
  it("is 5 to 15 characters, with the spec's typo kept", () => {
    expect(check("abcd")).toBe("Please choose a username that is at least 5 characters long.");
    expect(check("abcde")).toBeUndefined();
    expect(check("a".repeat(15))).toBeUndefined();
    expect(check("a".repeat(16))).toBe("Please choose a username that is is no longer than 15 characters.");
  });
  it("rejects a file or an array where text belongs", () => {
    expect(check(["a", "b"])).toBe(MESSAGES.usernameRequired);
    expect(check(new Blob(["x"]))).toBe(MESSAGES.usernameRequired);
  });
});

describe("password repeats", () => {
  it("settings: 'You must repeat your new password' and 'Passwords don't match'", () => {
    expect(firstError(changePasswordSchema.safeParse({ newPassword: "long enough", newPasswordRepeat: "" }), "newPasswordRepeat")).toBe("You must repeat your new password");
    expect(firstError(changePasswordSchema.safeParse({ newPassword: "long enough", newPasswordRepeat: "long enougH" }), "newPasswordRepeat")).toBe("Passwords don't match");
  });
  it("reset: 'You must re-enter your new password'", () => {
    expect(firstError(resetSchema.safeParse({ token: "t", password: "long enough", passwordRepeat: "" }), "passwordRepeat")).toBe("You must re-enter your new password");
  });
  it("join: both passwords must match and be 8 to 128 characters", () => {
    expect(firstError(joinSchema.safeParse({ email: "a@b.example", password: "short", confirmPassword: "short" }), "password")).toBe("Please choose a password of at least 8 characters");
    expect(firstError(joinSchema.safeParse({ email: "a@b.example", password: "x".repeat(129), confirmPassword: "x" }), "password")).toBe("Please choose a password of at most 128 characters");
    expect(joinSchema.safeParse({ email: "a@b.example", password: "correct horse", confirmPassword: "correct horse" }).success).toBe(true);
  });
});

describe("address", () => {
  const good = { address1: "1 Lead Lane", town: "York", postcode: "YO1 7HH", country: "235" };
  it("needs address1, town, postcode and country; address2 and county are optional", () => {
    const result = addressSchema.safeParse({});
    expect(firstError(result, "address1")).toBe("Please enter your address");
    expect(firstError(result, "town")).toBe("Please enter your town");
    expect(firstError(result, "postcode")).toBe("Please enter your postcode");
    expect(firstError(result, "country")).toBe("Please select your country");
    expect(addressSchema.parse(good)).toMatchObject({ address2: "", county: "", country: 235 });
  });
  it("refuses a country that is not a number", () => {
    expect(firstError(addressSchema.safeParse({ ...good, country: "france" }), "country")).toBe("Please select your country");
  });
});

describe("twitter username", () => {
  it("takes letters, numbers and underscores (an @ in front is dropped)", () => {
    expect(twitterUsernameField.safeParse("@pawroute_uk").success).toBe(true);
    expect(twitterUsernameField.safeParse("").success).toBe(true);
    expect(twitterUsernameField.safeParse("paw route").error?.issues[0].message).toBe(
      "Please enter a valid twitter username, it can only contain letters, numbers and underscores.",
    );
  });
});

describe("email settings", () => {
  it("reads no tick, one tick and several ticks", () => {
    expect(emailSettingsSchema.parse({}).lists).toEqual([]);
    expect(emailSettingsSchema.parse({ lists: "2" }).lists).toEqual([2]);
    expect(emailSettingsSchema.parse({ lists: ["1", "3"] }).lists).toEqual([1, 3]);
    expect(emailSettingsSchema.safeParse({ lists: "abc" }).success).toBe(false);
  });
});

describe("return targets", () => {
  it("keeps same-site paths only", () => {
    expect(safeRedirect("/account/settings/?tab=1#x")).toBe("/account/settings/?tab=1#x");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/\u0000x", "", null, 42]) expect(safeRedirect(bad)).toBe("/account");
  });
  it("builds the log-in address with the return target", () => {
    expect(loginPath("/account/admin")).toBe("/account/login/?redirectTo=%2Faccount%2Fadmin");
    expect(loginPath("/account")).toBe("/account/login/");
    expect(loginPath("https://evil.example")).toBe("/account/login/");
  });
});

describe("the Origin check", () => {
  const base = { method: "POST", host: "www.pawroute.example", protocol: "https", secFetchSite: undefined };
  it("lets same-site POSTs, GETs and non-browser clients through", () => {
    expect(isCrossSite({ ...base, origin: "https://www.pawroute.example" })).toBe(false);
    expect(isCrossSite({ ...base, method: "GET", origin: "https://evil.example" })).toBe(false);
    expect(isCrossSite({ ...base, origin: undefined })).toBe(false);
    expect(isCrossSite({ ...base, origin: "https://proxy.example", appUrl: "https://proxy.example" })).toBe(false);
  });
  it("refuses POSTs from other sites, opaque origins and cross-site fetches", () => {
    expect(isCrossSite({ ...base, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSite({ ...base, origin: "null" })).toBe(true);
    expect(isCrossSite({ ...base, origin: "not a url" })).toBe(true);
    expect(isCrossSite({ ...base, origin: undefined, secFetchSite: "cross-site" })).toBe(true);
    expect(isCrossSite({ ...base, method: "DELETE", origin: "https://evil.example" })).toBe(true);
  });
  it("compares the scheme too: the same host by another scheme is another origin", () => {
    expect(isCrossSite({ ...base, origin: "http://www.pawroute.example" })).toBe(true);
    const plain = { ...base, host: "127.0.0.1:3000", protocol: "http" };
    expect(isCrossSite({ ...plain, origin: "http://127.0.0.1:3000" })).toBe(false);
    expect(isCrossSite({ ...plain, origin: "https://127.0.0.1:3000" })).toBe(true);
    // PUBLIC_URL names the site's one origin, scheme included (a proxy in front that terminates TLS).
    expect(isCrossSite({ ...plain, host: "www.pawroute.example", origin: "https://www.pawroute.example", appUrl: "https://www.pawroute.example" })).toBe(false);
    expect(isCrossSite({ ...plain, host: "www.pawroute.example", origin: "http://www.pawroute.example", appUrl: "https://www.pawroute.example" })).toBe(false);
  });
});

describe("session names", () => {
  it("reads browsers from user agents", () => {
    expect(describeBrowser("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("Firefox on Windows");
    expect(describeBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1")).toBe("Safari on iOS");
    expect(describeBrowser("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36")).toBe("Chrome on Linux");
    expect(describeBrowser(null)).toBe("Unknown browser");
  });
});
