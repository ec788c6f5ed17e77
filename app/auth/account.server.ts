// A member's own settings: username, password, address, mailing lists. Every function takes the
// member from requireMember, so it can only ever read or change that member's rows.
import { and, asc, eq, inArray, notInArray, sql as rawSql } from "drizzle-orm";
import { addresses, countries, mailingLists, mailingListSubscriptions, users } from "../../db/schema";
import { db } from "../db.server";
import { passwordChangedMail } from "../mail/templates.server";
import { queueMail } from "../mail/send.server";
import { isUniqueViolation } from "./database-errors.server";
import { hashPassword, verifyPassword } from "./password.server";
import { enforceRateLimits } from "./rate-limit.server";
import type { SessionUser } from "./session.server";
import { endAllSessions } from "./session.server";
import { AppError } from "../../core/errors";

export const SUCCESS = {
  password: "Your password has been updated successfully",
  emailSettings: "Your email settings have been updated successfully",
  address: "Your address has been updated successfully",
  username: "Your username has been saved",
  sessionEnded: "The session has been ended successfully",
} as const;

export const USERNAME_TAKEN = "Sorry, that username is already taken. Please choose another one.";

export async function setUsername(user: SessionUser, username: string): Promise<void> {
  try {
    await db().update(users).set({ username }).where(eq(users.id, user.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, USERNAME_TAKEN, { fieldErrors: { username: USERNAME_TAKEN } });
    throw error;
  }
}

/** Changes the password (checking the current one when there is one) and ends the member's other sessions. */
export async function changePassword(user: SessionUser, values: { password: string; newPassword: string }): Promise<void> {
  if (user.hasPassword) {
    if (!values.password) throw new AppError(422, "Please enter your current password", { fieldErrors: { password: "Please enter your current password" } });
    await enforceRateLimits(["log-in:account", user.email]);
    const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    if (!(await verifyPassword(row?.passwordHash, values.password))) {
      throw new AppError(400, "Your current password is not right", { fieldErrors: { password: "Your current password is not right" } });
    }
  }
  const passwordHash = await hashPassword(values.newPassword);
  await db().transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await endAllSessions(user.id, user.sessionId, tx);
    await queueMail(tx, passwordChangedMail(user.email));
  });
}

export interface Country {
  id: number;
  name: string;
}

/** Countries a member can choose: ids 250-253 (the UK's nations) are not offered. */
export function selectableCountries(): Promise<Country[]> {
  return db()
    .select({ id: countries.id, name: countries.name })
    .from(countries)
    .where(and(eq(countries.selectable, true), rawSql`${countries.id} NOT BETWEEN 250 AND 253`))
    .orderBy(asc(countries.name));
}

export const DEFAULT_COUNTRY_ID = 235;

/** Why the address form was opened (?reason=): only known reasons are shown, never raw text from a URL. */
export const ADDRESS_REASONS: Record<string, string> = {
  redeem: "We need your address to post your Treat to you.",
  gift: "We need your address before you can receive a gifted Treat.",
  subscription: "We need your address for your subscription.",
};

export interface Address {
  id: number;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postcode: string;
  country: Country;
}

/** The member's address in use: the first one. */
export async function currentAddress(userId: number): Promise<Address | null> {
  const [row] = await db()
    .select({
      id: addresses.id,
      address1: addresses.address1,
      address2: addresses.address2,
      town: addresses.town,
      county: addresses.county,
      postcode: addresses.postcode,
      countryId: countries.id,
      countryName: countries.name,
    })
    .from(addresses)
    .innerJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id))
    .limit(1);
  if (!row) return null;
  const { countryId, countryName, ...rest } = row;
  return { ...rest, country: { id: countryId, name: countryName } };
}

export async function saveAddress(
  user: SessionUser,
  values: { address1: string; address2: string; town: string; county: string; postcode: string; country: number },
): Promise<void> {
  const [country] = await db()
    .select({ id: countries.id })
    .from(countries)
    .where(and(eq(countries.id, values.country), eq(countries.selectable, true), rawSql`${countries.id} NOT BETWEEN 250 AND 253`));
  if (!country) throw new AppError(422, "Please select your country", { fieldErrors: { country: "Please select your country" } });
  const fields = { address1: values.address1, address2: values.address2, town: values.town, county: values.county, postcode: values.postcode.toUpperCase(), countryId: country.id };
  await db().transaction(async (tx) => {
    const [first] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, user.id)).orderBy(asc(addresses.id)).limit(1).for("update");
    if (first) await tx.update(addresses).set({ ...fields, updatedAt: rawSql`now()` }).where(eq(addresses.id, first.id));
    else await tx.insert(addresses).values({ userId: user.id, ...fields });
  });
}

export interface MailingListChoice {
  id: number;
  name: string;
  description: string;
  subscribed: boolean;
}

export async function emailSettings(userId: number): Promise<MailingListChoice[]> {
  return db()
    .select({
      id: mailingLists.id,
      name: mailingLists.name,
      description: mailingLists.description,
      subscribed: rawSql<boolean>`${mailingListSubscriptions.userId} IS NOT NULL`,
    })
    .from(mailingLists)
    .leftJoin(mailingListSubscriptions, and(eq(mailingListSubscriptions.listId, mailingLists.id), eq(mailingListSubscriptions.userId, userId)))
    .orderBy(asc(mailingLists.position));
}

/** '1 list' / 'N lists' (account-and-back-office.md §9). */
export function listCount(count: number): string {
  return `${count} ${count === 1 ? "list" : "lists"}`;
}

/** Subscribes the member to exactly the lists given; returns how many that is. */
export async function saveEmailSettings(user: SessionUser, listIds: number[]): Promise<number> {
  const wanted = [...new Set(listIds)];
  return db().transaction(async (tx) => {
    const known = wanted.length ? await tx.select({ id: mailingLists.id }).from(mailingLists).where(inArray(mailingLists.id, wanted)) : [];
    if (known.length !== wanted.length) throw new AppError(422, "Please choose lists from the ones shown", { fieldErrors: { lists: "Please choose lists from the ones shown" } });
    await tx
      .delete(mailingListSubscriptions)
      .where(wanted.length ? and(eq(mailingListSubscriptions.userId, user.id), notInArray(mailingListSubscriptions.listId, wanted)) : eq(mailingListSubscriptions.userId, user.id));
    if (wanted.length) await tx.insert(mailingListSubscriptions).values(wanted.map((listId) => ({ userId: user.id, listId }))).onConflictDoNothing();
    return wanted.length;
  });
}
