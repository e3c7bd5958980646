/**
 * The one form an email address is stored and compared in: trimmed, Unicode NFC, lower case.
 * `Admin@Example.com` is `admin@example.com`; a look-alike (Cyrillic `а` for Latin `a`) stays a
 * different address, because nothing here folds one script into another.
 */
export function normaliseEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/** The domain of a normalised address (after the last `@`). */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}
