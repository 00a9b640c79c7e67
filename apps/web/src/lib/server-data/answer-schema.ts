type AnswerSchemas = typeof import('./answer-schemas');

/** The loader of one of the home screen's answer schemas, for `api.get` and `withDeviceCopy`. */
export function answerSchema<Name extends keyof AnswerSchemas>(
  name: Name,
): () => Promise<AnswerSchemas[Name]> {
  return () => import('./answer-schemas').then((schemas) => schemas[name]);
}
