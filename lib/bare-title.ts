import { catalog } from '@/lib/knowledge/formats/catalog';

/** A document's title as its words say it, without a file name's extension (`debian.csv`: `debian`): its type, no word of it. */
export function bareTitle(title: string): string {
  return title.replace(catalog.fileExtension, '');
}
