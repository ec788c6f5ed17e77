// remix-validated-form validators: the same zod schema checks the form in the browser and on the server.
import { withZod } from "@remix-validated-form/with-zod";
import {
  addressSchema,
  changeEmailSchema,
  changePasswordSchema,
  emailSettingsSchema,
  endSessionSchema,
  forgottenSchema,
  joinSchema,
  loginSchema,
  resetSchema,
  setUsernameSchema,
} from "./schemas";

export const loginValidator = withZod(loginSchema);
export const joinValidator = withZod(joinSchema);
export const forgottenValidator = withZod(forgottenSchema);
export const resetValidator = withZod(resetSchema);
export const changePasswordValidator = withZod(changePasswordSchema);
export const changeEmailValidator = withZod(changeEmailSchema);
export const setUsernameValidator = withZod(setUsernameSchema);
export const addressValidator = withZod(addressSchema);
export const emailSettingsValidator = withZod(emailSettingsSchema);
export const endSessionValidator = withZod(endSessionSchema);
