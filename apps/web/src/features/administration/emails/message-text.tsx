/** Web addresses in a message's plain text, shown as links an administrator can open or copy. */
const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** A message's plain text as written, line breaks kept, its addresses as links. */
export function MessageText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="mb-0 text-break" style={{ whiteSpace: 'pre-wrap' }}>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <a key={index} href={part} rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}
