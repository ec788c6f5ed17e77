// The back office's own forms (the member forms' schemas are reused for username, email, password and address).
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { emailField, usernameField } from "../auth/schemas";

/** Spec §5 and §9: award points is a number, minimum 1, with a message. */
export const awardPointsSchema = z.object({
  points: z.preprocess(
    (value) => (value === "" || value === undefined || value === null ? undefined : value),
    z.coerce
      .number({ required_error: "Please enter the number of points", invalid_type_error: "Please enter the number of points" })
      .int("Please enter a whole number of points")
      .min(1, "Please award at least 1 point")
      .max(1_000_000, "Please award at most 1,000,000 points"),
  ),
  message: z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().trim().min(1, "Please enter a reason for the award").max(500, "Please keep the reason under 500 characters")),
  key: z.preprocess((value) => (typeof value === "string" ? value : ""), z.string().regex(/^[0-9a-f-]{36}$/, "This form has expired: please reload the page.")),
});

export const awardPointsValidator = withZod(awardPointsSchema);
export const adminUsernameValidator = withZod(z.object({ username: usernameField }));
export const adminEmailValidator = withZod(z.object({ email: emailField }));
