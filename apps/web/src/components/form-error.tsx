/** Why a dialog's form was refused, under its fields and read out at once; nothing when it was not. */
export function FormError({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p role="alert" className="text-danger mt-3 mb-0">
      {text}
    </p>
  );
}
