import { z } from "zod";

/** A saved trip's name, as the rename form sends it (shared by the form and the server). */
export const tripNameSchema = z.object({
  name: z.string().trim().min(1, "Please enter a name for this trip").max(80, "Please use 80 characters or fewer"),
});
