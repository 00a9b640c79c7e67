// The one place that decides between a Danish noun's singular and plural (issue 33 §12): every
// counted text, in the app and in the server's messages, goes through it.
const danishPlurals = new Intl.PluralRules('da');

/** A noun's two forms: `one` for one of it, `other` for any other count. */
export type NounForms = { one: string; other: string };

/** The form of `forms` that goes with `count`. */
export function pluralForm(count: number, forms: NounForms): string {
  return danishPlurals.select(count) === 'one' ? forms.one : forms.other;
}

/** `{count} {noun}` with the noun in the form that goes with the count: `1 række`, `2 rækker`. */
export function counted(count: number, forms: NounForms): string {
  return `${count} ${pluralForm(count, forms)}`;
}
