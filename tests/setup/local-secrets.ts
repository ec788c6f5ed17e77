// Every test run makes its own stand-in webhook secret (decision 0241): none is a constant in the code.
import { ensureLocalSecret } from "../../app/payments/local/secrets.server";

ensureLocalSecret();
