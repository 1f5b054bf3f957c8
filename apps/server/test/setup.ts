/**
 * The server project's setup, run in each test file's process before the file: new password hashes
 * are argon2id at its smallest cost (about 1,000 hashes and checks a run, 20 to 40 ms of CPU each at
 * OWASP's cost). The registration test sets OWASP's cost back and checks the stored hash carries it;
 * servers that tests start as processes (shutdown, crash safety) hash at OWASP's cost throughout.
 */
import { setPasswordCost } from "../src/modules/auth/passwords.js";

setPasswordCost("test");
