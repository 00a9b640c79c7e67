import { importMessages as messages } from './import-messages';

type FilePickerProps = {
  id: string;
  label: string;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
};

/**
 * A file input with a Danish `Vælg fil` button: the native input's button speaks the browser's
 * language. The input stays in the page, visually hidden, so it keeps its keyboard focus (Enter or
 * Space opens the chooser) and its name; the button is its second label, which a click also opens.
 */
export function FilePicker({ id, label, accept, file, onChange }: FilePickerProps) {
  const labelId = `${id}-label`;
  const nameId = `${id}-name`;
  return (
    <div className="mb-3">
      <div className="form-label" id={labelId}>
        {label}
      </div>
      <div className="file-picker d-flex flex-wrap align-items-center gap-2">
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept={accept}
          aria-labelledby={labelId}
          aria-describedby={nameId}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
        <label htmlFor={id} className="btn btn-outline-secondary btn-lg mb-0">
          {messages.chooseFile}
        </label>
        <span id={nameId} className="text-break">
          {file ? file.name : messages.noFile}
        </span>
      </div>
    </div>
  );
}
