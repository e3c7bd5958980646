import Link from 'next/link';

/** The product's mark and name, linking to the chat: the admin pages' headers start with it. */
export function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2 text-[15px] font-semibold">
      <span aria-hidden="true" className="inline-block h-6 w-6 rounded-md bg-accent" />
      Groundwork
    </Link>
  );
}
