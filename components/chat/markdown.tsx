import {
  Children,
  createContext,
  isValidElement,
  memo,
  useContext,
  useMemo,
  type ReactElement,
  type ReactNode,
} from 'react';
import ReactMarkdown, { type Components, type Options, type UrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CitationLink } from './citation-link';
import { CodeBlock } from './code-block';
import { remarkCitations } from './remark-citations';
import { remarkMarks, type TextMark } from './remark-marks';
import { spelledOutUrl } from './reply-url';
import type { Citation } from './types';

/**
 * Only web links, mail links and in-page anchors survive, and same-site paths as image sources;
 * everything else (javascript:, data:, vbscript:, protocol-relative) becomes an empty address
 * and is rendered as plain text below. A link to a path is a document's link to its own site
 * (`/docs/overview` in an uploaded page), which is not this one: it stays text, never a link
 * into the app that would end on a page not found.
 */
export function safeUrl(url: string, key?: string): string {
  const value = url.trim();
  if (value.startsWith('#')) return value;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return key === 'src' ? value : '';
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' || parsed.protocol === 'mailto:' ? value : '';
  } catch {
    return '';
  }
}

function isSameOriginPath(src: unknown): src is string {
  return typeof src === 'string' && src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\');
}

interface MarkdownProps {
  text: string;
  citations: Citation[];
  onOpenCitation?: (index: number) => void;
  /** While streaming, the citations have not arrived yet: [n] shows as a placeholder chip of the same size. */
  streaming?: boolean;
}

const chip =
  'mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-0.5 items-center justify-center rounded px-1 align-middle text-[11px] font-semibold';

/** The reply's citations, for its [n] links: a context, so that the renderers below never change. */
const CitationsContext = createContext<{ citations: Citation[]; onOpenCitation?: (index: number) => void }>({
  citations: [],
});

function LinkOrCitation({ href, children }: { href?: string; children?: ReactNode }) {
  const { citations, onOpenCitation } = useContext(CitationsContext);
  const cite = href?.startsWith('#cite-') ? Number(href.slice(6)) : NaN;
  const citation = citations[cite - 1];
  if (citation) return <CitationLink index={cite} citation={citation} onOpen={onOpenCitation} />;
  if (cite) return <span className={`${chip} bg-surface-2 text-muted`}>{cite}</span>;
  if (!href) return <span>{children}</span>;
  const external = /^https?:/i.test(href);
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}>
      {children}
    </a>
  );
}

// One set of renderers for every reply: a renderer made anew on each render is a new component
// type to React, which would replace the reply's elements (and drop the focus on a [n] link,
// as a passage dialog opens and closes over it).
const COMPONENTS: Components = {
  a: ({ href, children }) => <LinkOrCitation href={href}>{children}</LinkOrCitation>,
  // Each paragraph and item takes its direction from its own first strong character, so a
  // right-to-left answer (or an RTL override in a quoted title) cannot reorder what follows.
  p: ({ children }) => <p dir="auto">{children}</p>,
  li: ({ children }) => <li dir="auto">{children}</li>,
  // Images load only from this site; anything else shows its alt text instead.
  img: ({ src, alt }) =>
    isSameOriginPath(src) ? (
      // eslint-disable-next-line @next/next/no-img-element -- user content, sizes unknown
      <img src={src} alt={alt ?? ''} className="max-w-full rounded-md" loading="lazy" />
    ) : (
      <span className="text-muted">[image{alt ? `: ${alt}` : ''}]</span>
    ),
  pre: ({ children }) => {
    const code = Children.toArray(children)[0];
    if (!isValidElement(code)) return <pre>{children}</pre>;
    const props = (code as ReactElement<{ className?: string; children?: ReactNode }>).props;
    const language = /language-([\w+#-]+)/.exec(props.className ?? '')?.[1] ?? '';
    return <CodeBlock code={String(props.children ?? '').replace(/\n$/, '')} language={language} />;
  },
};

/** Renders a reply as Markdown: no raw HTML (it shows as text), no scriptable links, no foreign images. */
export const Markdown = memo(function Markdown({ text, citations, onOpenCitation, streaming }: MarkdownProps) {
  const cited = useMemo(() => ({ citations, onOpenCitation }), [citations, onOpenCitation]);
  // A web or mail link goes only where its own source spells out (see spelledOutUrl); in-page
  // anchors (the [n] citations' `#cite-n`) stay as safeUrl leaves them.
  const replyUrl = useMemo((): UrlTransform => {
    return (url, key, node) => {
      const safe = safeUrl(url, key);
      return key === 'href' && safe && !safe.startsWith('#') ? spelledOutUrl({ url: safe, node, text }) : safe;
    };
  }, [text]);
  return (
    <div className="prose-chat">
      <CitationsContext value={cited}>
        <ReactMarkdown
          remarkPlugins={[remarkGfm, [remarkCitations, { count: streaming ? 999 : citations.length }]]}
          skipHtml={false}
          urlTransform={replyUrl}
          components={COMPONENTS}
        >
          {text}
        </ReactMarkdown>
      </CitationsContext>
    </div>
  );
});

/**
 * A source's text (its parser's Markdown) with the given ranges marked, under the same rules as
 * a reply: no raw HTML, no scriptable links, no foreign images. Its lines stay lines.
 */
export const SourceMarkdown = memo(function SourceMarkdown({ text, marks }: { text: string; marks: TextMark[] }) {
  const plugins = useMemo((): Options['remarkPlugins'] => [remarkGfm, [remarkMarks, { marks }]], [marks]);
  return (
    <div className="prose-chat">
      <ReactMarkdown remarkPlugins={plugins} skipHtml={false} urlTransform={safeUrl} components={COMPONENTS}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
