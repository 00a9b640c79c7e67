import fc from 'fast-check';
import type { BodyModel } from './sweep-models.ts';

/** The template body with one field of one item replaced by a bad value or left out, or a bad whole body. */
export function corruptedBody(body: BodyModel): fc.Arbitrary<unknown> {
  const names = Object.keys(body.fields);
  const corruptItem = (item: Record<string, unknown>) =>
    fc.constantFrom(...names).chain((name) => {
      const spec = body.fields[name];
      if (!spec) throw new Error(`no field ${name}`);
      const replaced = spec.bad.map((value) => ({ ...item, [name]: value }));
      if (!spec.required) return replaced;
      const { [name]: _left, ...without } = item;
      return fc.oneof({ weight: 4, arbitrary: replaced }, { weight: 1, arbitrary: fc.constant(without) });
    });
  const template = body.template;
  const options: fc.Arbitrary<unknown>[] = [];
  if (Array.isArray(template) && names.length > 0) {
    options.push(
      fc
        .nat({ max: template.length - 1 })
        .chain((index) =>
          corruptItem(template[index] as Record<string, unknown>).map((bad) =>
            template.map((item, i) => (i === index ? bad : item)),
          ),
        ),
    );
  } else if (names.length > 0) {
    options.push(corruptItem(template as Record<string, unknown>));
  }
  if (body.wholeBody) options.push(body.wholeBody);
  return fc.oneof(...options);
}
