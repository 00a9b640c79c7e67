import { normalizeSelfReadingCode } from '@maaler/contract';
import { type FormEvent, useState } from 'react';
import { BusySubmitButton } from '@/components/busy-submit-button';
import { TextField } from '@/components/text-field';
import { selfReadingMessages as messages } from '../messages';

/**
 * `Kode`: the short code of a printed letter (ADR 043), typed instead of opening the link. The code is
 * checked for its form here; whether it names a link only the server says (and counts the attempt).
 */
export function CodeEntry({
  busy,
  refused,
  onCode,
}: {
  busy: boolean;
  /** The server refused the last code. */
  refused: boolean;
  onCode: (code: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeSelfReadingCode(typed);
    setInvalid(code === null);
    if (code !== null) onCode(code);
  };

  const error = invalid ? messages.codeInvalid : refused ? messages.codeRefused : undefined;
  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <p>{messages.codeIntro}</p>
      <TextField
        id="self-reading-code"
        label={messages.codeLabel}
        hint={messages.codeHint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={typed}
        error={error}
        onChange={(event) => setTyped(event.target.value)}
      />
      <BusySubmitButton busy={busy} label={messages.openCode} busyLabel={messages.opening} />
    </form>
  );
}
