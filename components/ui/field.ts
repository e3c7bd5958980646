/** The look of every text input and text area on the admin page. */
export const fieldClass =
  'w-full rounded-lg border border-border bg-bg px-3 py-2 text-sm outline-none focus:border-accent';
